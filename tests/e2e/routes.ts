import {apiSpecs} from '../../src/config/apiSpecs';
import {allDocIds, docUrl} from '../../src/config/docs';

/** Every route with text its page must show in an h1. */
export interface RouteExpectation {
  path: string;
  /** Text of the page's h1; null for pages without one (matched on the document title). */
  heading: RegExp | null;
  title?: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const blogPosts = ['welcome', 'first-blog-post', 'long-blog-post', 'mdx-blog-post'] as const;
export const blogTags = ['docusaurus', 'facebook', 'hello', 'hola'] as const;

export const portalRoutes: RouteExpectation[] = [
  {path: '/', heading: /^Developer Portal$/},
  ...apiSpecs.map((spec) => ({path: `/api/${spec.id}`, heading: /\S/})),
  {path: '/blog', heading: /^Developer Portal blog$/, title: /^Developer Portal blog/},
  {path: '/blog/archive', heading: /^Archive$/},
  {path: '/blog/authors', heading: /^Authors$/},
  {path: '/blog/tags', heading: /^Tags$/},
  ...blogTags.map((tag) => ({path: `/blog/tags/${tag}`, heading: new RegExp(`tagged with "${tag}"`)})),
  ...blogPosts.map((slug) => ({path: `/blog/${slug}`, heading: /\S/})),
  {path: '/docs', heading: /^Technical Requirements$/},
  ...allDocIds.map((id) => ({path: docUrl(id), heading: new RegExp(`^${escape(id)}$`)})),
];

export const allPaths = portalRoutes.map((route) => route.path);
