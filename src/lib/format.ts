// Formatting rules for the district header.

/** Total students with thousands separators (10631 → "10,631"); unknown shows as "Not listed". */
export function formatEnrollment(total: number | null | undefined): string {
  return typeof total === 'number' && Number.isFinite(total) ? total.toLocaleString('en-US') : 'Not listed';
}

/** A missing address or phone shows as "Not listed" rather than an empty line. */
export function orNotListed(value: string | null | undefined): string {
  return value && value.trim() ? value : 'Not listed';
}
