import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileCheckpointSink, loadCheckpointKey, parseCheckpointKey, readCheckpointLine, signCheckpoint } from './audit-checkpoint';

// Checkpoint signatures and the file sink (docs/audit.md "Checkpoints"): Ed25519 over the domain and
// the head's fields, verified with the configured key only; lines appended, never rewritten.

const pair = () => generateKeyPairSync('ed25519');
const privatePem = (p = pair()) => p.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const head = { lastId: 42, count: 40, hash: 'c'.repeat(64), at: '2026-12-02T05:00:30.000Z' };

describe('checkpoint signatures', () => {
  it('verifies a line it signed, and refuses it with any field changed', () => {
    const key = parseCheckpointKey(privatePem());
    const line = JSON.stringify(signCheckpoint(key, head));
    expect(readCheckpointLine(key, line)).toMatchObject(head);
    for (const change of [{ lastId: 43 }, { count: 41 }, { hash: 'd'.repeat(64) }, { at: '2026-12-02T05:05:30.000Z' }]) {
      expect(readCheckpointLine(key, JSON.stringify({ ...JSON.parse(line), ...change }))).toBeNull();
    }
    expect(readCheckpointLine(key, 'not json')).toBeNull();
  });

  it('verifies with the public key alone, which cannot sign', () => {
    const p = pair();
    const signer = parseCheckpointKey(privatePem(p));
    const verifier = parseCheckpointKey(p.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    expect(verifier.keyId).toBe(signer.keyId);
    expect(readCheckpointLine(verifier, JSON.stringify(signCheckpoint(signer, head)))).not.toBeNull();
    expect(() => signCheckpoint(verifier, head)).toThrow(/public key/);
  });

  it('refuses a line signed with another key, even with the key id copied', () => {
    const key = parseCheckpointKey(privatePem());
    const other = signCheckpoint(parseCheckpointKey(privatePem()), head);
    expect(readCheckpointLine(key, JSON.stringify({ ...other, keyId: key.keyId }))).toBeNull();
  });

  it('refuses a key that is not Ed25519, and reads the key file first', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => parseCheckpointKey(rsa)).toThrow(/must be Ed25519, not rsa/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-key-')), 'k.pem');
    const pem = privatePem();
    fs.writeFileSync(file, pem);
    expect(loadCheckpointKey({ auditKeyFile: file, auditKeyPem: rsa })!.keyId).toBe(parseCheckpointKey(pem).keyId);
    expect(loadCheckpointKey({})).toBeNull();
  });
});

describe('FileCheckpointSink', () => {
  it('appends lines after whatever the file holds, creating its folder, and reads them back in order', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sink-')), 'sub', 'checkpoints.jsonl');
    const sink = new FileCheckpointSink(file);
    expect(await sink.readLines()).toEqual([]);
    await sink.append('{"a":1}');
    fs.appendFileSync(file, '{"written":"elsewhere"}\n');
    await sink.append('{"a":2}');
    expect(await sink.readLines()).toEqual(['{"a":1}', '{"written":"elsewhere"}', '{"a":2}']);
    await expect(sink.append('two\nlines')).rejects.toThrow(/line feed/);
  });
});
