/**
 * npm run mcp [-- --site <built site folder> | --url <portal address>]
 *
 * Starts the portal's MCP server (./server.ts) on stdio. Without options it
 * reads build/ of this repository (run `npm run build` first).
 */
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {createServer, portalFromArgs} from './server';
import type {Portal} from './portal';

async function main(): Promise<void> {
  let portal: Portal;
  try {
    portal = portalFromArgs(process.argv.slice(2), process.cwd());
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  await createServer(portal).connect(new StdioServerTransport());
  // stdout carries the protocol: messages for people go to stderr.
  console.error(`developer-portal MCP server on stdio, reading ${portal.where}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
