import {apiRoute, apiSpecs} from '../../config/apiSpecs';
import {docIds, docUrl} from '../../config/docs';

export interface Area {
  title: string;
  to: string;
  description: string;
  /** Small label above the title. */
  kind: 'Install' | 'API reference' | 'Manuals' | 'Blog';
}

/** One entry card per area of the portal (issue: home page). */
export const areas: readonly Area[] = [
  {
    kind: 'Install',
    title: 'Install docs',
    to: docUrl(docIds.technicalRequirements),
    description: 'Requirements, ports, start order and configuration of every service, from one host to Kubernetes.',
  },
  ...apiSpecs.map((spec): Area => ({
    kind: 'API reference',
    title: spec.label,
    to: apiRoute(spec.id),
    description: spec.summary,
  })),
  {
    kind: 'Manuals',
    title: 'User manuals',
    to: docUrl(docIds.signBoxUserManual),
    description: 'Step-by-step guides for SignBox initiators and recipients and for people signing on PadSign.',
  },
  {
    kind: 'Blog',
    title: 'Blog',
    to: '/blog',
    description: 'Announcements and walkthroughs, such as start-then-poll signing explained end to end.',
  },
];
