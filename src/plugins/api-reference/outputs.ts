/**
 * Where the API reference's preparation writes each output (under generated/, ignored by git), and how a step
 * that fails for one spec is reported: shared by prepare.ts and the modules of its outputs.
 */
import {createHash} from 'node:crypto';
import path from 'node:path';
import type {ApiSpec} from '../../config/apiSpecs';
import {specSource} from '../../config/apiSpecs';
import {renderedSpecUrl, tryItModelUrl} from '../../lib/openapi/urls';

export interface PreparedPaths {
  /** Spec rendered by Redoc: the hand-written file (plus generated additions). */
  renderedSpec: (id: string) => string;
  /** Folder copied to the site root as static files. */
  staticDir: string;
  /** The rendered spec as JSON, served at renderedSpecUrl(id) for the interactive reference. */
  renderedJson: (id: string) => string;
  /** Module mapping each spec id to its rendered JSON: the server build's only source of the specs. */
  serverSpecsModule: string;
  /** The request models of a spec's operations, served at tryItModelUrl(id) for the Try it console. */
  tryItModel: (id: string) => string;
}

export function preparedPaths(siteDir: string): PreparedPaths {
  const generated = path.join(siteDir, 'generated');
  return {
    renderedSpec: (id) => path.join(generated, 'openapi', `${id}.yaml`),
    staticDir: path.join(generated, 'static'),
    renderedJson: (id) => path.join(generated, 'static', renderedSpecUrl(id)),
    serverSpecsModule: path.join(generated, 'openapi', 'server-specs.js'),
    tryItModel: (id) => path.join(generated, 'static', tryItModelUrl(id)),
  };
}

/** One page of a reference cut into tag pages (src/lib/openapi/pages.ts). */
export interface PreparedTagPage {
  /** Its key in `@portal/server-specs` and under /openapi/rendered/: `<id>/tag/<slug>`. */
  key: string;
  route: string;
  tag: string;
  /** A hash of its rendered JSON. */
  version: string;
}

/**
 * A spec that cannot be made into its pages or files: one line that names the spec file, the step and, where
 * the step knows it, the operation and the field. Its stack is that line too: the build prints it as it is.
 */
export class SpecBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecBuildError';
    this.stack = `${this.name}: ${message}`;
  }
}

/** Runs one step of a spec's preparation; a failure becomes a SpecBuildError naming the spec's file. */
export async function step<T>(spec: ApiSpec, what: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SpecBuildError) throw error;
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new SpecBuildError(`${specSource(spec)}: ${what}: ${message}`);
  }
}

/** A short hash of a text: the version appended to a generated file's URL. */
export const contentHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);
