// client:demand="event-name": an island that hydrates when the window receives that event, and not before (the video
// popup loads when a time stamp is first clicked, so reading a district page loads no React at all).
import type { ClientDirective } from 'astro';

const demand: ClientDirective = (load, options) => {
  const event = typeof options.value === 'string' && options.value ? options.value : 'island-demand';
  window.addEventListener(
    event,
    async () => {
      const hydrate = await load();
      await hydrate();
    },
    { once: true },
  );
};

export default demand;
