import { Type } from '@sinclair/typebox';

const address = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const BlobRefDto = Type.Object(
  {
    address: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the bytes, bare hex: what every other route means by a blob reference' }),
    size_bytes: Type.Integer({ minimum: 0 }),
    media_type: Type.String({ description: 'Sniffed from the bytes, not taken from the request', examples: ['application/pdf', 'image/jpeg'] }),
  },
  { $id: 'BlobRef', examples: [{ address, size_bytes: 0, media_type: 'application/octet-stream' }] },
);

export const BlobAddressParams = Type.Object({
  address: Type.String({
    pattern: '^sha256:[0-9a-f]{64}$',
    description: 'The content address, `sha256:<64 lowercase hex>`',
    examples: [`sha256:${address}`],
  }),
});
