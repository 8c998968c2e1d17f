/**
 * Audit checkpoints (docs/audit.md "Checkpoints"): the chain head (position, row count, hash, time)
 * signed with an Ed25519 key the database does not hold, and appended to a place outside the
 * database (a JSON-lines file by default, behind `CheckpointSink`). A check then compares the rows
 * with the signed heads, which catches what the chain alone cannot: rows removed at the end with
 * the head moved back, a row edited with every later hash recomputed, every row removed with the
 * head reset (lib/audit-chain.ts can only see a chain that disagrees with itself).
 *
 * A line is `{"v":1,"lastId":…,"count":…,"hash":"…","at":"ISO 8601","keyId":"…","sig":"base64"}`;
 * the signature covers `vigil-audit-checkpoint v1\n` + JSON `[lastId, count, hash, at]` (Ed25519,
 * RFC 8032, node:crypto). `keyId` is the first 16 hex digits of SHA-256 over the public key (SPKI DER).
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The signed head of the chain at one moment. `lastId` is the position (the newest row's id), `count` the rows up to it. */
export interface Checkpoint {
  lastId: number;
  count: number;
  hash: string;
  /** ISO 8601 UTC instant the checkpoint was made. */
  at: string;
}

/** A checkpoint as stored: with the signer's key id and the signature (base64). */
export interface SignedCheckpoint extends Checkpoint {
  v: 1;
  keyId: string;
  sig: string;
}

/** The checkpoint key: `signer` only when the private key is configured (a public key verifies only). */
export interface CheckpointKey {
  signer: KeyObject | null;
  verifier: KeyObject;
  keyId: string;
}

const DOMAIN = 'vigil-audit-checkpoint v1\n';
const signedBytes = (c: Checkpoint) => Buffer.from(DOMAIN + JSON.stringify([c.lastId, c.count, c.hash, c.at]));

/** The key id of a public key: SHA-256 over its SPKI DER, first 16 hex digits. */
export const keyIdOf = (publicKey: KeyObject) => createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);

/**
 * The configured key from PEM text: a PKCS#8 Ed25519 private key (sign and verify) or an SPKI
 * Ed25519 public key (verify only). Throws a plain Error naming the problem (never the key) when
 * the text is no Ed25519 key.
 */
export function parseCheckpointKey(pem: string): CheckpointKey {
  let signer: KeyObject | null = null;
  let verifier: KeyObject;
  if (pem.includes('PRIVATE KEY')) {
    signer = createPrivateKey(pem);
    verifier = createPublicKey(signer);
  } else {
    verifier = createPublicKey(pem);
  }
  if (verifier.asymmetricKeyType !== 'ed25519') { throw new Error(`the audit checkpoint key must be Ed25519, not ${verifier.asymmetricKeyType}`); }
  return { signer, verifier, keyId: keyIdOf(verifier) };
}

/**
 * The key of the configuration: VIGIL_AUDIT_KEY_FILE (read now), else VIGIL_AUDIT_KEY, else null
 * (no checkpoints are written; a check cannot trust any). Throws when the file cannot be read or
 * holds no Ed25519 key: a misconfigured key must stop the start, not be ignored.
 */
export function loadCheckpointKey(config: { auditKeyFile?: string; auditKeyPem?: string }): CheckpointKey | null {
  if (config.auditKeyFile) { return parseCheckpointKey(fs.readFileSync(config.auditKeyFile, 'utf8')); }
  if (config.auditKeyPem) { return parseCheckpointKey(config.auditKeyPem); }
  return null;
}

/** Signs `c` with the key's private half; throws when the key is public only. */
export function signCheckpoint(key: CheckpointKey, c: Checkpoint): SignedCheckpoint {
  if (!key.signer) { throw new Error('the audit checkpoint key is a public key: it cannot sign'); }
  return { v: 1, lastId: c.lastId, count: c.count, hash: c.hash, at: c.at, keyId: key.keyId, sig: sign(null, signedBytes(c), key.signer).toString('base64') };
}

/**
 * One stored line read back: the checkpoint when the line parses, has the shape and its signature
 * verifies with `key`; otherwise null (a forged, edited or foreign line).
 */
export function readCheckpointLine(key: CheckpointKey, line: string): SignedCheckpoint | null {
  let c: SignedCheckpoint;
  try {
    c = JSON.parse(line) as SignedCheckpoint;
  } catch {
    return null;
  }
  if (!c || c.v !== 1 || !Number.isSafeInteger(c.lastId) || c.lastId < 0 || !Number.isSafeInteger(c.count) || c.count < 0) { return null; }
  if (typeof c.hash !== 'string' || !/^[0-9a-f]{64}$/.test(c.hash) || typeof c.at !== 'string' || Number.isNaN(Date.parse(c.at)) || typeof c.sig !== 'string') { return null; }
  if (c.keyId !== key.keyId) { return null; }
  try {
    return verify(null, signedBytes(c), key.verifier, Buffer.from(c.sig, 'base64')) ? c : null;
  } catch {
    return null;
  }
}

/**
 * Where checkpoints are kept: append-only, outside the database. Another sink (an object store
 * with a retention lock, a syslog collector, a ledger) implements these two calls.
 */
export interface CheckpointSink {
  /** What the sink is, for messages (a path, a bucket). */
  readonly description: string;
  /** Appends one line (no line feed in it); resolves once it is durable. */
  append(line: string): Promise<void>;
  /** Every stored line, oldest first (empty when nothing was written yet). */
  readLines(): Promise<string[]>;
}

/**
 * The default sink: a JSON-lines file opened with O_APPEND for every line (the kernel places each
 * write at the end, whatever was there), synced before `append` resolves. The directory is created
 * when missing. Making the file append-only for the server's own user (`chattr +a`, a WORM volume,
 * another host's mount) is the operator's part (docs/audit.md "Operations").
 */
export class FileCheckpointSink implements CheckpointSink {
  constructor(readonly file: string) {}

  get description(): string {
    return this.file;
  }

  async append(line: string): Promise<void> {
    if (line.includes('\n')) { throw new Error('a checkpoint line holds no line feed'); }
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    const handle = await fs.promises.open(this.file, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT, 0o640);
    try {
      await handle.write(line + '\n');
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async readLines(): Promise<string[]> {
    let text: string;
    try {
      text = await fs.promises.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') { return []; }
      throw err;
    }
    return text.split('\n').filter((l) => l.trim() !== '');
  }
}
