import { EARLY_NAME, TAKE_OVER } from '../lib/loader-names.js';

/**
 * The page's JavaScript (Vike's entry <script type="module"> and its <link rel="modulepreload">s) is fetched once the
 * page has been painted, instead of straight from the HTML.
 *
 * Why: the scripts never block the first paint in a browser (module scripts are deferred), but Lighthouse's simulated
 * mobile metrics (Lantern) cannot tell. It replays the unthrottled load it observed on slow 4G, and counts as needed for
 * the first and the largest paint every high-priority script that had finished downloading before those paints were
 * observed (Chrome's trace names no file for a module's evaluation, so Lantern cannot see that it ran later). On a fast
 * machine the 100 KB of JavaScript usually arrives before the first frame, so a page scored a First and Largest
 * Contentful Paint of 1.6 to 2.2 s, or 0.8 to 1.2 s when the paint won the race (the home page, most of the time).
 * In a real phone's load the pictures in view come first this way too: the JavaScript no longer shares the bandwidth
 * with the largest picture. Hydration starts that much later; links work before it, and a tap or a key starts it at once.
 *
 * The tags stay in the HTML as they were, inside a <template> (inert: nothing in it is fetched or run), followed by a
 * small script under the page's nonce that copies them into the page (so they load and run as Vike wrote them) once:
 * - the first contentful paint has been reported (a PerformanceObserver sees it once it is on screen), and
 * - each picture fetched with fetchpriority="high" (a card, a profile picture, an article cover: the candidates for the
 *   largest paint) has loaded and, if it became the largest paint, been reported as such (or two frames and 100 ms
 *   passed without that: it was not the largest);
 * or at the first pointer or key press, or after 3 s whatever happened (a tab opened in the background paints nothing).
 * Browsers without paint timing load the scripts at once.
 *
 * A button pressed (a click, or Enter or Space on it) or a form sent before the page is hydrated is held rather than
 * lost or sent natively (a form sent natively would be a GET with its fields, a password among them, in the URL): the
 * loader stops it (React does not see it either, so it cannot act twice) and keeps the last one. What was typed or
 * autofilled is taken over too: React hydrates an input as it finds it but keeps its own state (empty), so the next
 * render would write that state back into the box and a submit would read it. At the hydration's commit the root
 * layout calls window[TAKE_OVER] (pages/+Layout.tsx): the loader lists every form control whose shown value is not
 * the one React rendered (text boxes, text areas, whose typed text it kept since React puts a prefilled one's first
 * text back while hydrating it, checkboxes, radio buttons, selects, file inputs) and hands each to its own onChange as
 * if changed now, one per microtask, right after the commit: React renders each change before the next is handed
 * over (a controlled input's change is rendered at the end of its event), so handlers that copy the form's state see
 * the previous field, and no render can wipe a box first. A text box's React value is noted through a stand-in
 * element (its own value setter is React's change tracking), so its caret and what is being typed are not touched.
 * Then the held press is done, once, and the page is marked hydrated. While the controls are handed over and a press
 * will follow, window[TAKE_OVER].f is true: the fourth code box, which submits on its own, leaves it to the press.
 * The holding starts at the top of <head> (a first, small script): a long page (a listing's 70 KB) is painted while
 * its end, the loader's second part among it, is still on its way on a slow network, and a button shown then would
 * otherwise do nothing. It also moves on from a code box (input[data-code-box]) once a digit is typed, and spreads a
 * pasted code over the boxes, as the boxes do once hydrated: without it the next digits would be typed into a full box.
 * A button that opens a native popover (the phone's Menu) is not held: it works without scripts.
 * All of it is here, in the page's HTML, so that it costs the page's JavaScript nothing (the JavaScript budget).
 * Links are not held: they work without the page's JavaScript.
 */

const EARLY = `(function(){var L=window.${EARLY_NAME}={h:null,T:new Map,w:0,go:function(){L.w=1}};
function hold(e){var b=e.type==="submit"?e.target:e.target.closest&&e.target.closest("button,[role=button]");if(!b||b.hasAttribute("popovertarget"))return;e.preventDefault();e.stopPropagation();L.h=b;L.go()}
function boxes(x){var f=x.dataset&&x.dataset.codeBox!==undefined&&x.closest("fieldset");return f?[].slice.call(f.querySelectorAll("input[data-code-box]")):null}
function ty(e){var x=e.target,b=boxes(x),i;if(x.tagName==="TEXTAREA")L.T.set(x,x.value);if(b&&x.value&&(i=b.indexOf(x))<b.length-1)b[i+1].focus()}
function paste(e){var x=e.target,b=boxes(x),v=e.clipboardData&&e.clipboardData.getData("text").replace(/\\s/g,"");if(!b||!v)return;e.preventDefault();
b.forEach(function(y,i){if(v[i])y.value=v[i]});b[Math.min(v.length,b.length)-1].focus()}
function go(){L.go()}
addEventListener("click",hold,true);addEventListener("submit",hold,true);addEventListener("input",ty,true);addEventListener("paste",paste,true);addEventListener("pointerdown",go,true);addEventListener("keydown",go,true);
L.off=function(){removeEventListener("click",hold,true);removeEventListener("submit",hold,true);removeEventListener("input",ty,true);removeEventListener("paste",paste,true)}})()`;
const LOADER = `(function(){var t=document.currentScript.previousElementSibling,d=0,L=window.${EARLY_NAME},T=L.T,P=window.PerformanceObserver,y=P&&P.supportedEntryTypes||[];
function go(){if(d)return;d=1;document.body.appendChild(document.importNode(t.content,true))}
L.go=go;if(L.w)go();
function shown(){var r=[];[].forEach.call(document.querySelectorAll("input,textarea,select"),function(e){var k=e.type;
if(e.tagName==="SELECT"){var s=[].map.call(e.options,function(o){return o.selected});if(s.some(function(x,i){return x!==e.options[i].defaultSelected}))r.push({el:e,selected:s})}
else if(e.tagName==="TEXTAREA"){var v=T.has(e)?T.get(e):e.value;if(v!==e.defaultValue)r.push({el:e,value:v,initial:e.defaultValue})}
else if(k==="checkbox"||k==="radio"){if(e.checked!==e.defaultChecked&&(e.checked||k==="checkbox"))r.push({el:e,checked:e.checked})}
else if(k==="file"){if(e.files&&e.files.length)r.push({el:e})}
else if(!/^(submit|button|reset|image|hidden)$/.test(k)&&e.value!==e.defaultValue)r.push({el:e,value:e.value,initial:e.defaultValue})});return r}
function ev(e,n){e.dispatchEvent(new Event(n,{bubbles:true}))}
function give(x){var e=x.el,d;if(!e.isConnected)return;
if(x.selected){x.selected.forEach(function(s,i){if(e.options[i])e.options[i].selected=s});ev(e,"change")}
else if(x.checked!==undefined){e.checked=!x.checked;e.click()}
else if(x.value===undefined)ev(e,"change");
else if(e.defaultValue===x.initial){d=Object.getOwnPropertyDescriptor(e,"value");if(d&&d.set)d.set.call(document.createElement(e.tagName),e.defaultValue);else e.value=e.defaultValue;
if(e.value!==x.value)Object.getOwnPropertyDescriptor(Object.getPrototypeOf(e),"value").set.call(e,x.value);ev(e,"input")}}
var W=window.${TAKE_OVER}=function(done){L.off();
var b=L.h,s=shown(),f=document.activeElement,p=Promise.resolve();L.h=null;W.f=!!(b&&b.isConnected);
s.forEach(function(x){p=p.then(function(){give(x)})});
p.then(function(){W.f=false;if(f&&f.isConnected&&document.activeElement!==f)f.focus({preventScroll:true});done();if(b&&b.isConnected){if(b.tagName==="FORM")b.requestSubmit();else b.click()}})};
setTimeout(go,3000);
if(y.indexOf("paint")<0||y.indexOf("largest-contentful-paint")<0)return go();
function seen(type,test){return new Promise(function(r){var o=new P(function(l){if(l.getEntries().some(test)){o.disconnect();r()}});o.observe({type:type,buffered:true});if(type!=="paint")requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(function(){o.disconnect();r()},100)})})})}
function hero(i){return(i.complete?Promise.resolve():new Promise(function(r){i.addEventListener("load",r);i.addEventListener("error",r)})).then(function(){return seen("largest-contentful-paint",function(e){return e.element===i})})}
Promise.all([seen("paint",function(e){return e.name==="first-contentful-paint"})].concat([].map.call(document.querySelectorAll("img[fetchpriority=high]"),hero))).then(go)})()`;

/**
 * Vike's production tags at the end of the body: the entry module script, then the module preloads. Tried first where
 * the last script with a src starts (Vike writes its tags last): searching the whole page from its start cost a cold
 * listing render about 4% of its time (a 77 KB page). The whole page is searched only when they are not there.
 */
const SCRIPTS = '<script src="[^"]+" type="module" async( nonce="[^"]*")?><\\/script>(?:\\s*<link rel="modulepreload" [^>]*>)*';
const SCRIPTS_AT = new RegExp(SCRIPTS, 'y');
const SCRIPTS_ANYWHERE = new RegExp(SCRIPTS);
const SCRIPT_START = '<script src="';

function findScripts(html: string): RegExpExecArray | null {
  SCRIPTS_AT.lastIndex = html.lastIndexOf(SCRIPT_START);
  return (SCRIPTS_AT.lastIndex >= 0 && SCRIPTS_AT.exec(html)) || SCRIPTS_ANYWHERE.exec(html);
}

/**
 * Where the loader's first part goes: at the top of <head>, after the character set (which must come first), before any
 * stylesheet (an inline script after a stylesheet that is still loading would wait for it, and hold up the parser).
 */
const HEAD_START = /<head[^>]*>(?:\s*<meta charset="[^"]*"\s*\/?>)?/i;

/**
 * html with its entry script and module preloads wrapped as described above; unchanged when it has none (a page
 * rendered as HTML only, or the development server's inline scripts).
 */
export function scriptsAfterPaint(html: string): string {
  const match = findScripts(html);
  // Without a nonce the loader could not run under the page's policy: the tags are left as Vike wrote them.
  if (!match?.[1]) return html;
  const nonce = match[1];
  const late = `${html.slice(0, match.index)}<template>${match[0]}</template><script${nonce}>${LOADER}</script>${html.slice(match.index + match[0].length)}`;
  const head = HEAD_START.exec(late);
  if (!head) return late;
  const at = head.index + head[0].length;
  return `${late.slice(0, at)}<script${nonce}>${EARLY}</script>${late.slice(at)}`;
}
