/**
 * The one convention for a module that differs between the server build and
 * the browser: two files side by side, `Name.client.ts(x)` and
 * `Name.server.ts(x)`, with the same exports. Code imports the client file
 * (`./Name.client`); in the server build this plugin swaps every such import
 * for the server twin. Typical use: the server renders something heavy to
 * HTML (a reference, highlighted code, a diagram read from disk) and the
 * browser keeps that HTML without the code that made it (see
 * src/components/KeepServerHtml).
 *
 * Used by: src/components/CodeBlock/CodeBlock, src/components/MermaidDiagram/store,
 * src/plugins/api-reference/theme/Redoc/StaticRedoc.
 */
import type {Plugin} from '@docusaurus/types';

/** A request for a client module: `./Name.client`, with or without `.ts`/`.tsx`. */
export const CLIENT_MODULE = /\.client(\.tsx?)?$/;

/** The request of a client module's server twin (a missing twin fails the server build's resolution). */
export const serverRequest = (request: string): string => request.replace(CLIENT_MODULE, '.server$1');

export default function serverClientPairsPlugin(): Plugin {
  return {
    name: 'portal-server-client-pairs',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (!isServer) return {};
      const bundler = currentBundler.instance;
      return {
        plugins: [
          new bundler.NormalModuleReplacementPlugin(CLIENT_MODULE, (resource: {request: string}) => {
            resource.request = serverRequest(resource.request);
          }),
        ],
      };
    },
  };
}
