/** Loading a user's in-process adapter module (TS through tsx, or JS), with clear errors. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ARM_NAMES } from '../core/arms.ts';
import { UsageError } from '../core/errors.ts';
import type { ShimAdapter } from './contract.ts';

const REQUIRED_CAPS = ['capParam', 'windows', 'diff', 'staleServe', 'forget', 'counters', 'persona', 'armResolver', 'seal'] as const;

/** What is wrong with an adapter object, or undefined. */
export function adapterProblem(a: unknown): string | undefined {
  if (typeof a !== 'object' || a === null) return 'the module exports no adapter object (export default defineAdapter({...}) or export const adapter)';
  const o = a as Record<string, unknown>;
  if (typeof o.name !== 'string' || o.name === '') return 'the adapter has no "name" string';
  if (typeof o.create !== 'function') return 'the adapter has no create(ctx) function';
  if (typeof o.decode !== 'function') return 'the adapter has no decode(text, info) function';
  const caps = o.capabilities as Record<string, unknown> | undefined;
  if (typeof caps !== 'object' || caps === null) return 'the adapter has no "capabilities" object';
  if (!Array.isArray(caps.arms) || caps.arms.length === 0 || !caps.arms.every((x) => (ARM_NAMES as readonly unknown[]).includes(x)))
    return `capabilities.arms must be a non-empty list of ${ARM_NAMES.join('|')}`;
  for (const k of REQUIRED_CAPS) if (typeof caps[k] !== 'boolean') return `capabilities.${k} must be true or false`;
  const surface = o.surface as Record<string, unknown> | undefined;
  if (caps.armResolver === true && typeof surface?.resolveArm !== 'function') return 'capabilities.armResolver is true but surface.resolveArm is missing';
  if (caps.persona === true && typeof surface?.persona !== 'function') return 'capabilities.persona is true but surface.persona is missing';
  if (caps.wrapTool === true && typeof surface?.wrapTool !== 'function') return 'capabilities.wrapTool is true but surface.wrapTool is missing';
  return undefined;
}

export async function loadAdapter(modulePath: string): Promise<ShimAdapter> {
  const file = resolve(modulePath);
  if (!existsSync(file)) throw new UsageError(`adapter module not found: ${modulePath}`);
  let mod: Record<string, unknown>;
  try {
    if (/\.(c|m)?ts$/.test(file)) {
      const { tsImport } = await import('tsx/esm/api');
      mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
    } else mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    const first = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new UsageError(`adapter ${modulePath} failed to load: ${first}`);
  }
  const candidate = mod.default !== undefined ? mod.default : mod.adapter;
  // tsx may wrap a CommonJS-style default once more.
  const adapter = (candidate as { default?: unknown })?.default !== undefined && typeof (candidate as { create?: unknown }).create !== 'function'
    ? (candidate as { default: unknown }).default
    : candidate;
  const p = adapterProblem(adapter);
  if (p) throw new UsageError(`adapter ${modulePath}: ${p}`);
  return adapter as ShimAdapter;
}
