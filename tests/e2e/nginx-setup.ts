/**
 * Playwright global setup: starts deploy/nginx/default.conf in a real nginx
 * over build/ on a free port for the `nginx` project, and hands its address to
 * the workers in PORTAL_NGINX_URL. Returns the teardown that stops it.
 */
import {startNginx} from '../nginx-server';

export default async function nginxSetup(): Promise<() => Promise<void>> {
  const server = await startNginx();
  process.env.PORTAL_NGINX_URL = server.url;
  return () => server.stop();
}
