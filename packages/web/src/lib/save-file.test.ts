import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVE_FILE_URL_LIFETIME_MS, saveFile } from './save-file';

/** A minimal anchor and document (the web's unit tests run in Node, without a DOM). */
function fakeDocument() {
  const events: string[] = [];
  const anchor = {
    href: '',
    download: '',
    click: () => events.push(`click ${anchor.href} as ${anchor.download}`),
    remove: () => events.push('remove'),
  };
  const document = {
    createElement: (tag: string) => (events.push(`create ${tag}`), anchor),
    body: { appendChild: () => events.push('append') },
  };
  return { events, document };
}

describe('saveFile', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('clicks an attached download anchor named after the file, removes it, and revokes the URL later', () => {
    const { events, document } = fakeDocument();
    const revoked: string[] = [];
    vi.stubGlobal('document', document);
    vi.stubGlobal('URL', { createObjectURL: () => 'blob:vigil/1', revokeObjectURL: (u: string) => revoked.push(u) });

    saveFile(new Blob(['a,b\n']), 'audit-events.csv');

    expect(events).toEqual(['create a', 'append', 'click blob:vigil/1 as audit-events.csv', 'remove']);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(SAVE_FILE_URL_LIFETIME_MS);
    expect(revoked).toEqual(['blob:vigil/1']);
  });
});
