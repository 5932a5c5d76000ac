/**
 * `npm start` with a reference of real-world size (PORTAL_SCALE_FIXTURE=1), as a writer previewing a large spec
 * would run it: nothing is server-rendered there, so the overview's head script does not exist, and a shared
 * link of the one-page address goes on to its tag page through the router alone; the overview lists the
 * operations in the interactive reference.
 */
import {scaleFixtureSpec} from '../../src/config/apiSpecs';
import {type DevServer, START_TIMEOUT, startDevServer} from '../dev-server';
import {expect, test, UNTIL_SIGNAL} from '../e2e/fixtures';
import {expectLanded} from '../e2e/landing';

const OVERVIEW = `/api/${scaleFixtureSpec.id}`;
const OPERATION = 'tag/Droplets/operation/droplets_list';

test.describe.configure({mode: 'serial'});

let server: DevServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT + 30_000);
  server = await startDevServer({PORTAL_SCALE_FIXTURE: '1'});
});

test.afterAll(() => server?.stop());

test('npm start: a shared link of the one-page address lands on its tag page', async ({page}) => {
  await page.goto(`${server!.base}${OVERVIEW}#${OPERATION}`);
  await expect.poll(() => new URL(page.url()).pathname, UNTIL_SIGNAL).toBe(`${OVERVIEW}/tag/droplets`);
  await expect(page.locator(`.redocusaurus-interactive [id="${OPERATION}"]`)).toHaveCount(1, UNTIL_SIGNAL);
  await expectLanded(page, OPERATION);
});

test('npm start: the overview lists every tag page', async ({page}) => {
  await page.goto(`${server!.base}${OVERVIEW}`);
  await expect(page.locator(`a[href="${OVERVIEW}/tag/droplets#${OPERATION}"]`).first()).toBeAttached(UNTIL_SIGNAL);
});
