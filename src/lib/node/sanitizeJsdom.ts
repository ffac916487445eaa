// The one sanitiser on a jsdom window of its own: how the build's loader, the mail sender and tests run it. Never
// imported by an island, so jsdom stays out of the browser. The .ts extension: the mail sender's scripts load this
// file in Node itself.
import { JSDOM } from 'jsdom';
import {
  defaultTreeAdapter,
  parse,
  type DefaultTreeAdapterTypes,
  type TreeAdapter,
  type DefaultTreeAdapterMap,
} from 'parse5';
import { createSanitizer, RICH_TEXT_LIMITS, richTextSizeProblem, type Sanitize } from '../sanitize.ts';

/**
 * Pieces of rich text one jsdom window sanitises before it is closed and a new one made: a window keeps growing with
 * use, and a first build sanitises hundreds of thousands of pieces.
 */
const PIECES_PER_WINDOW = 2_000;

/** Thrown inside the measuring parse once the text is past a bound: nothing more of it is worth reading. */
class OverBound extends Error {}

type TreeNode = DefaultTreeAdapterTypes.Node;
const childrenOf = (node: TreeNode): TreeNode[] => [
  ...('childNodes' in node ? node.childNodes : []),
  ...('content' in node && node.content ? [node.content] : []),
];

/**
 * The elements and the depth of the DOM a piece of HTML makes, measured with parse5 (the parser jsdom itself runs) on
 * its plain tree, whose time grows with the text alone; jsdom's own DOM is what takes longer the deeper it nests. The
 * parse stops as soon as the elements, or (roughly, as nodes are added) the depth, are well past the bounds.
 */
function measureHtml(html: string): { elements: number; depth: number } {
  let elements = 0;
  const depthAdded = new WeakMap<object, number>();
  // A template's content is a fragment of its own, as deep as its template (which is placed after its content is made).
  const templateOf = new WeakMap<object, object>();
  const depthOf = (node: object): number =>
    depthAdded.get(node) ?? (templateOf.has(node) ? depthOf(templateOf.get(node)!) : 0);
  const added = (parent: object, child: object) => {
    const depth = depthOf(parent) + 1;
    depthAdded.set(child, depth);
    if (depth > RICH_TEXT_LIMITS.depth * 2) throw new OverBound();
  };
  const adapter: TreeAdapter<DefaultTreeAdapterMap> = {
    ...defaultTreeAdapter,
    createElement(tagName, namespaceURI, attrs) {
      if (++elements > RICH_TEXT_LIMITS.elements) throw new OverBound();
      return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
    },
    appendChild(parent, child) {
      added(parent, child);
      defaultTreeAdapter.appendChild(parent, child);
    },
    insertBefore(parent, child, reference) {
      added(parent, child);
      defaultTreeAdapter.insertBefore(parent, child, reference);
    },
    setTemplateContent(template, content) {
      templateOf.set(content, template);
      defaultTreeAdapter.setTemplateContent(template, content);
    },
  };
  let document: DefaultTreeAdapterTypes.Document;
  try {
    document = parse(html, { treeAdapter: adapter });
  } catch (error) {
    if (error instanceof OverBound) return { elements, depth: Number.POSITIVE_INFINITY };
    throw error;
  }
  // The exact depth, below <body>, on the finished tree (nodes the parser moved are counted where they ended).
  let depth = 0;
  const stack: [TreeNode, number][] = childrenOf(document).map((node) => [node, -1]);
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    if (!('tagName' in node)) {
      stack.push(...childrenOf(node).map((child): [TreeNode, number] => [child, level]));
      continue;
    }
    depth = Math.max(depth, level);
    stack.push(...childrenOf(node).map((child): [TreeNode, number] => [child, level + 1]));
  }
  return { elements, depth };
}

let lastChecked: { html: string; problem: string | null } | undefined;

/**
 * Why a piece of rich text is over RICH_TEXT_LIMITS (too long, too many elements, nested too deep), or null when
 * the sanitiser may parse it. The last answer is kept: the loader asks before it sanitises the same text.
 */
export function richTextProblem(html: string): string | null {
  if (lastChecked?.html === html) return lastChecked.problem;
  let problem = richTextSizeProblem(html);
  if (problem === null) {
    const { elements, depth } = measureHtml(html);
    if (elements > RICH_TEXT_LIMITS.elements)
      problem = `makes more than ${RICH_TEXT_LIMITS.elements.toLocaleString('en-US')} elements`;
    else if (depth > RICH_TEXT_LIMITS.depth) problem = `nests tags more than ${RICH_TEXT_LIMITS.depth} levels deep`;
  }
  lastChecked = { html, problem };
  return problem;
}

/** A sanitiser on a jsdom window of its own, renewed every PIECES_PER_WINDOW pieces; text over the bounds comes back empty. */
export function createJsdomSanitizer(): Sanitize {
  let [dom, sanitize, used]: [JSDOM | undefined, Sanitize | undefined, number] = [undefined, undefined, 0];
  return (html, enhance) => {
    if (!sanitize || used++ >= PIECES_PER_WINDOW) {
      dom?.window.close();
      dom = new JSDOM('');
      sanitize = createSanitizer(dom.window as unknown as Parameters<typeof createSanitizer>[0], richTextProblem);
      used = 1;
    }
    return sanitize(html, enhance);
  };
}
