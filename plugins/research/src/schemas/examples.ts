/** Ids and times the schema examples share, so every example names the same research. */
export const ids = {
  question: '01938f20-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  anchor: '01938f20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
  person: '01938f10-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  persona: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  source: '01938f0d-2f3a-7b4c-9d5e-6f7a8b9c0d1e',
  citation: '01938f0d-3a4b-7c5d-8e6f-7a8b9c0d1e2f',
  proofArgument: '01938f12-5c6d-7e8f-9a0b-1c2d3e4f5a6b',
  item: '01938f21-2b3c-7d4e-8f5a-6b7c8d9e0f1a',
  otherItem: '01938f21-3c4d-7e5f-8a6b-7c8d9e0f1a2b',
  assignment: '01938f22-3c4d-7e5f-8a6b-7c8d9e0f1a2b',
  agent: '01938f00-aaaa-7bbb-8ccc-dddddddddddd',
  entry: '01938f23-4d5e-7f6a-8b7c-8d9e0f1a2b3c',
  session: '01938f24-5e6f-7a7b-8c8d-9e0f1a2b3c4d',
  claim: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  blob: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
};

export const at = 1763769600000;
