import {chromium} from 'playwright-core';
import fs from 'node:fs';
const axe = fs.readFileSync('node_modules/axe-core/axe.min.js','utf8');
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox','--disable-gpu','--disable-background-networking']});
const p = await b.newPage({viewport:{width:1280,height:800}});
for (const path of ['/blog', '/api/dmss-archive-service', '/api/padsign-2.0-server', '/api/dmss-process-and-auditing-service', '/api/dmss-external-gateway', '/api/dmss-authentication-service', '/api/dmss-fallback-service']) {
  await p.goto('http://localhost:3299'+path);
  await p.waitForSelector('html[data-has-hydrated="true"]', {state:'attached'});
  await p.addScriptTag({content: axe});
  const v = await p.evaluate(async () => (await window.axe.run(document, {resultTypes:['violations']})).violations.map(v => `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.slice(0,2).map(n=>n.target.join(' ')+' '+n.html.slice(0,120)).join(' | ')}`));
  console.log(path, v);
}
await b.close();
