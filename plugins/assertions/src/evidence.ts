import { isHttpUrl, type Tree } from '@rootline/kernel';
import { AssertionProblems } from './errors.js';
import type { CitationsService } from '@rootline/contracts/sources';
import type { NewEvidence } from './writer.js';
import type { AttachEvidenceBody, EvidenceKind } from './schemas/evidence.js';

/** The field each kind of evidence needs; the others must be left out. */
const FIELD_OF: Record<EvidenceKind, 'blob' | 'url' | 'citation' | 'description'> = {
  blob: 'blob',
  url: 'url',
  citation: 'citation',
  offline_record: 'description',
};
const POINTERS = ['blob', 'url', 'citation'] as const;

/**
 * Checks that evidence is real and followable before anything is written: the blob is in
 * the tree, the URL is http(s) and not under a name reserved never to resolve, the citation exists. Returns the evidence to store and,
 * for a citation, the source it belongs to.
 */
export function checkEvidence(tree: Tree, citations: CitationsService, body: AttachEvidenceBody): { evidence: NewEvidence; citedSource: string | null } {
  const needed = FIELD_OF[body.kind];
  if (!body[needed]) throw AssertionProblems.badField(needed, `is required when kind is ${body.kind}`);
  for (const pointer of POINTERS) {
    if (pointer !== needed && body[pointer] !== undefined) throw AssertionProblems.badField(pointer, `does not go with kind ${body.kind}`);
  }
  const evidence: NewEvidence = { kind: body.kind, blob: null, url: null, citation: null, description: body.description ?? null };
  let citedSource: string | null = null;
  if (body.kind === 'blob') {
    evidence.blob = body.blob!.toLowerCase();
    if (!tree.blobs.has(evidence.blob)) throw AssertionProblems.blobNotFound(evidence.blob);
  } else if (body.kind === 'url') {
    evidence.url = followableUrl(body.url!);
  } else if (body.kind === 'citation') {
    evidence.citation = body.citation!;
    if (!citations.exists(evidence.citation)) throw AssertionProblems.citationNotFound(evidence.citation);
    citedSource = sourceOfCitation(citations, evidence.citation);
  }
  return { evidence, citedSource };
}

/** The source a citation belongs to, if it names one: a claim citing the citation cites that source. */
export function sourceOfCitation(citations: CitationsService, citation: string): string | null {
  return citations.get(citation)?.source ?? null;
}

/**
 * Top-level names kept out of the internet's names (RFC 6761, RFC 2606): an address under one
 * never leads to a record anyone can open again (`example.invalid`), or only to this machine
 * (`localhost`). Evidence is there to be followed later, by the human.
 */
const NEVER_FOLLOWABLE = new Set(['invalid', 'test', 'example', 'localhost']);

function followableUrl(text: string): string {
  if (!isHttpUrl(text)) throw AssertionProblems.badField('url', 'must be an http or https address with a host');
  const url = new URL(text);
  const topLevel = url.hostname.replace(/\.$/, '').split('.').pop()!.toLowerCase();
  if (NEVER_FOLLOWABLE.has(topLevel)) {
    throw AssertionProblems.badField('url', `is under .${topLevel}, a name reserved never to lead to a record: give the address where the record can be opened`);
  }
  return url.toString();
}
