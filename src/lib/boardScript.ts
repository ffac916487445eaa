// The district page's few lines of plain script, inlined in its head so that the Board Breakdown's tabs, the meeting
// cards' Expand/Minimize and share buttons work the moment the HTML is shown, long before any island loads.
// Handlers are delegated from the document, so the same script serves cards and tabs rendered later (LiveDistrict).
import { COPIED_MESSAGE } from '../district/share';
import { meetingShareUrl, meetingToggleVerb } from '../district/meetingCards';
import { DEFAULT_TAB, TAB_ALIASES, TABS, panelId, tabId } from '../district/tabs';

/** Below this width the sidebar sits above the panels, and choosing a tab scrolls it into view (the spec's 768 px). */
export const NARROW_QUERY = '(max-width: 767.98px)';

/**
 * The script. It marks the ?tab= tab on <html data-tab> at once (CSS shows that panel before the markup is even
 * parsed), syncs the tabs' and panels' attributes when the document is parsed, and from then on:
 * - a tab link shows its panel and pushes `?tab=` to the address (Back returns to the previous tab);
 * - arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern);
 * - Expand/Minimize shows or hides a card's summary; the share button copies its link with the spec's alert;
 * - a #meeting-MM-DD-YY hash expands that card and scrolls it into view; a #topic-{id} hash scrolls the Topics panel
 *   into view, where the topic island (hydrated when seen) shows that topic;
 * - focus inside a [data-demand] element sends that event once, which loads its island (client:demand).
 */
export function boardScript(): string {
  const constants = {
    aliases: TAB_ALIASES,
    tabs: TABS,
    fallback: DEFAULT_TAB,
    tabIds: Object.fromEntries(TABS.map((tab) => [tab, tabId(tab)])),
    panelIds: Object.fromEntries(TABS.map((tab) => [tab, panelId(tab)])),
    narrow: NARROW_QUERY,
    copied: COPIED_MESSAGE,
    // What follows the page URL in a meeting's share link, by the one rule (meetingShareUrl): '?tab=Meetings#'.
    share: meetingShareUrl('', ''),
    expand: meetingToggleVerb(false),
    minimize: meetingToggleVerb(true),
  };
  return `(function(){
var C=${JSON.stringify(constants)},d=document,h=d.documentElement;
function tabOf(search){var v=new URLSearchParams(search).get('tab');return (v&&C.aliases[v.trim().toLowerCase()])||C.fallback;}
function show(tab){h.setAttribute('data-tab',tab);C.tabs.forEach(function(n){var b=d.getElementById(C.tabIds[n]),p=d.getElementById(C.panelIds[n]);if(b){b.setAttribute('aria-selected',String(n===tab));b.tabIndex=n===tab?0:-1;}if(p)p.hidden=n!==tab;});}
function choose(tab,focus){var b=d.getElementById(C.tabIds[tab]);if(tab!==h.getAttribute('data-tab')){var u=new URL(location.href);u.searchParams.set('tab',tab);u.hash='';history.pushState(null,'',u.href);show(tab);var s=b&&b.closest('.board-sidebar');if(s&&matchMedia(C.narrow).matches)s.scrollIntoView({block:'start',behavior:matchMedia('(prefers-reduced-motion: reduce)').matches?'auto':'smooth'});}if(focus&&b)b.focus();}
function expand(toggle,open){var s=d.getElementById(toggle.getAttribute('aria-controls')||'');if(!s)return;s.hidden=!open;toggle.setAttribute('aria-expanded',String(open));var v=toggle.querySelector('.meeting-toggle-verb');if(v)v.textContent=open?C.minimize:C.expand;}
function reveal(){var id=decodeURIComponent(location.hash.slice(1));if(id.indexOf('topic-')===0){var tp=d.getElementById(C.panelIds.topics);if(tp&&!tp.hidden)tp.scrollIntoView({block:'start'});return;}if(id.indexOf('meeting-')!==0)return;var card=d.getElementById(id);if(!card||!card.classList.contains('meeting-card'))return;var t=card.querySelector('.meeting-toggle');if(t)expand(t,true);card.scrollIntoView({block:'start'});}
h.setAttribute('data-tab',tabOf(location.search));
d.addEventListener('DOMContentLoaded',function(){show(tabOf(location.search));reveal();});
addEventListener('popstate',function(){show(tabOf(location.search));});
addEventListener('hashchange',reveal);
d.addEventListener('focusin',function(e){var w=e.target instanceof Element&&e.target.closest('[data-demand]');if(w)dispatchEvent(new Event(w.getAttribute('data-demand')));});
d.addEventListener('click',function(e){var el=e.target instanceof Element?e.target:null;if(!el)return;
var tab=el.closest('.board-tabs [role=tab]');if(tab){if(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;e.preventDefault();choose(tab.getAttribute('data-tab'),false);return;}
var toggle=el.closest('button.meeting-toggle');if(toggle){expand(toggle,toggle.getAttribute('aria-expanded')!=='true');return;}
var share=el.closest('button[data-share-anchor]');if(share){var url=location.origin+location.pathname+C.share+share.getAttribute('data-share-anchor');
navigator.clipboard.writeText(url).then(function(){alert(C.copied);},function(err){console.error('Could not copy the link to the clipboard',err);prompt('Copy this link:',url);});}});
d.addEventListener('keydown',function(e){var tab=e.target instanceof Element&&e.target.closest('.board-tabs [role=tab]');if(!tab)return;
var i=C.tabs.indexOf(tab.getAttribute('data-tab')),n=C.tabs.length,k=e.key,next=k==='ArrowRight'||k==='ArrowDown'?(i+1)%n:k==='ArrowLeft'||k==='ArrowUp'?(i-1+n)%n:k==='Home'?0:k==='End'?n-1:-1;
if(next<0)return;e.preventDefault();choose(C.tabs[next],true);});
})();`;
}
