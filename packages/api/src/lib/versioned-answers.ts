// Stand-in for the shared versioned-answer cache (branch h-dayview), replaced by it at merge.
import type { AppContext } from '../context';
import { JsonText } from './route';
import { perContext } from './per-context';

export interface VersionedAnswer {
  readonly version: string;
  readonly json: string;
  readonly envelope: Buffer;
}

export class VersionedAnswers {
  private readonly entries = new Map<string, VersionedAnswer>();
  get(key: string, version: string): VersionedAnswer | undefined {
    const e = this.entries.get(key);
    return e && e.version === version ? e : undefined;
  }
  set(key: string, version: string, json: string): Promise<VersionedAnswer> {
    const e = { version, json, envelope: JsonText.envelope(json) };
    this.entries.set(key, e);
    return Promise.resolve(e);
  }
}

export function defineVersionedAnswers(): (ctx: AppContext) => VersionedAnswers {
  return perContext(() => new VersionedAnswers());
}
