/**
 * How every built page starts its scripts: the loader that the patch table
 * (src/plugins/dependency-patches/patches.ts) puts into Docusaurus's page template
 * (`pageTemplate`, the site config's `ssrTemplate`).
 *
 * Docusaurus puts `<script defer>` tags for its bundles in the head. Their
 * download then competes with the HTML and the stylesheet, and on a fast
 * connection they arrive early enough to run (hydration: hundreds of
 * milliseconds on a phone) before the browser paints the server-rendered HTML
 * that is already there. Here a small inline loader at the end of the body adds
 * the bundles, in order, once the browser reports its first contentful paint
 * (at once in a hidden tab, where nothing is painted; after a timeout at the
 * latest). Readers see the page first; hydration follows.
 *
 * The bundles are the entry ones (runtime and main) and the chunks of the page's
 * own route (its component, content and props), which Docusaurus's template lists
 * thanks to a patch of the patch table (ComponentCreator). All start together,
 * so the route's chunks no longer wait for main.js to run and ask for them (the
 * runtime finds their script elements and uses them). They execute in order, each
 * in its own task. The list is a JSON data block before the loader, so the loader's
 * own text is the same on every page: one hash in the Content-Security-Policy.
 *
 * Because the bundles now run after DOMContentLoaded, Docusaurus's base-URL
 * check (it looks for `window.docusaurus` at DOMContentLoaded) would always fire;
 * it is turned off in the config and the loader does the job instead: when a
 * bundle fails to load (the usual sign of a wrong `baseUrl`), it shows a
 * warning banner saying so.
 */

/** Id of the JSON data block that lists the page's bundles, in order, for the loader. */
export const PAGE_SCRIPTS_ID = 'portal-page-scripts';

/** Id of the warning banner the loader shows when a bundle fails to load. */
export const SCRIPT_FAILURE_BANNER_ID = 'portal-script-failure-banner';

/** The longest the loader waits for the first paint before it starts the bundles anyway. */
export const FIRST_PAINT_TIMEOUT_MS = 3000;

/**
 * The loader, ES5 so that it runs in every browser. It reads the page's bundles
 * (URLs, in order) from the data block `PAGE_SCRIPTS_ID`; `baseUrl` is the
 * configured base URL (shown in the banner).
 */
export const loaderSource = `(function (d, w, baseUrl) {
  var urls = JSON.parse(d.getElementById(${JSON.stringify(PAGE_SCRIPTS_ID)}).textContent);
  var started = false;
  var failed = false;
  function showBanner(src) {
    if (failed) return;
    failed = true;
    var box = d.createElement('div');
    box.id = ${JSON.stringify(SCRIPT_FAILURE_BANNER_ID)};
    box.setAttribute('role', 'alert');
    box.style.cssText = 'border:4px solid #b71c1c;background:#fff3e0;color:#1c1e21;margin:16px;padding:16px;font-size:18px';
    var title = d.createElement('p');
    title.style.fontWeight = 'bold';
    title.textContent = 'This page did not load completely: a script could not be fetched.';
    var detail = d.createElement('p');
    detail.textContent = 'Missing: ' + src + '. The most common cause is a wrong baseUrl in the site configuration (configured: ' + baseUrl + '). The text below is readable, but search, menus and the interactive API reference will not work.';
    box.appendChild(title);
    box.appendChild(detail);
    d.body.insertBefore(box, d.body.firstChild);
  }
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < urls.length; i++) {
      var script = d.createElement('script');
      script.src = urls[i];
      script.async = false;
      script.onerror = function (event) { showBanner(event.target.src); };
      d.body.appendChild(script);
    }
  }
  if (d.visibilityState === 'hidden') return start();
  var types = w.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!types || types.indexOf('paint') === -1) {
    w.requestAnimationFrame(function () { setTimeout(start, 0); });
    return;
  }
  try {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        start();
      }
    });
    observer.observe({type: 'paint', buffered: true});
  } catch (error) {
    w.requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  setTimeout(start, ${FIRST_PAINT_TIMEOUT_MS});
})(document, window, <%~ it.portalBaseUrl %>);`;

/** JSON for an inline script: no `</script>` or `<!--` can appear in it. */
const inlineJson = `JSON.stringify(VALUE).replace(/</g, '\\\\u003c')`;

/** Docusaurus's deferred script tags in the head, which the loader replaces. */
export const DEFERRED_SCRIPTS = `    <% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>
`;

/** The end of the body, where the loader goes (after the page's own post-body tags). */
export const BODY_END = '  </body>';

export const LOADER = `    <% it.portalScripts = ${inlineJson.replace('VALUE', 'it.scripts.map((script) => it.baseUrl + script)')}; %>
    <% it.portalBaseUrl = ${inlineJson.replace('VALUE', 'it.baseUrl')}; %>
    <script type="application/json" id="${PAGE_SCRIPTS_ID}"><%~ it.portalScripts %></script>
    <script>${loaderSource}</script>
`;
