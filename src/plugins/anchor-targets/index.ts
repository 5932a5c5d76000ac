/** Plugin that registers the anchor-navigation client module (see client.ts). */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function anchorTargetsPlugin(): Plugin {
  return {
    name: 'portal-anchor-targets',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
  };
}
