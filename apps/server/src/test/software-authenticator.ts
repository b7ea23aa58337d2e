import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A platform authenticator in software, for API tests: @simplewebauthn has no test authenticator,
// so this builds what a browser would send (attestation "none", ES256 assertions) with node:crypto.
// The e2e test uses Chromium's real virtual authenticator instead.

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export interface CeremonyOptions {
  challenge: string;
  /** The page origin the browser reports, e.g. http://localhost:80 for app.inject. */
  origin: string;
  rpId: string;
  /** Default true: the fingerprint or face was checked. */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  private userHandle: Uint8Array | null = null;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', options: CeremonyOptions): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: options.challenge, origin: options.origin, crossOrigin: false }),
    );
  }

  private flags(options: CeremonyOptions): number {
    return FLAG_USER_PRESENT | (options.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  /** navigator.credentials.create() as RegistrationResponseJSON. */
  register(options: CeremonyOptions & { userId: string }) {
    this.userHandle = new Uint8Array(Buffer.from(options.userId, 'base64url'));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(options.rpId, this.flags(options) | FLAG_ATTESTED_DATA, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() as AuthenticationResponseJSON. */
  authenticate(options: CeremonyOptions, privateKey: KeyObject = this.privateKey) {
    this.counter += 1;
    const authData = this.authData(options.rpId, this.flags(options));
    const clientData = this.clientData('webauthn.get', options);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: b64url(this.userHandle) } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Another device's key, to sign with the wrong key. */
  static strangerKey(): KeyObject {
    return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  }

  /** Pretends the authenticator was cloned: its counter goes back. */
  rewindCounter(): void {
    this.counter = 0;
  }
}
