/**
 * A person as an INDI record: a NAME per persona (and per `name` claim), SEX, a fact per
 * confirmed claim, the person's own events (family events go on the FAM), FAMC with PEDI and STAT,
 * FAMS, ASSO, the notes about the person (those of its identifiers as REFN, RIN, UID...:
 * identifiers.ts) and a SOUR per `mention` claim (mentions.ts); a claim
 * that keeps the citation of a family event goes under that event on the FAM (family-event-citations.ts).
 * Redacted values are left out.
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { AssociationSummary } from '@rootline/contracts/events';
import type { PersonDto } from '@rootline/contracts/persons';
import { node, pointer, record, type ExportContext } from './context.js';
import { familyAnchor, type FamilyIndex } from './families.js';
import type { PersonBatch } from './person-batch.js';
import { personNames } from './person-names.js';
import { claimStructure, eventStructure } from './facts.js';
import { noteStructures } from './details.js';
import { citationStructure } from './citations.js';
import { INDIVIDUAL_EVENT_TAGS, tagOfKind } from './tags.js';
import { pedigreeLine, sexFor, type WriteVersion } from './version.js';
import { roleStructure } from './roles.js';
import { mentionStructures } from './mentions.js';
import { takeFamilyEventCitation } from './family-event-citations.js';
import { takeIdentifiers } from './identifiers.js';
import { takeLinkStatus } from './link-status.js';
import { isLinkStatusNote } from '../link-status.js';
import { ALIAS } from '../alias.js';

/** Claim kinds a person's `birth` / `death` summary is made of: hidden with it. */
const SUMMARY_KINDS: Record<string, string> = { birth: 'birth', baptism: 'birth', christening: 'birth', death: 'death', burial: 'death' };

export function individualRecord(context: ExportContext, person: PersonDto, batch: PersonBatch, families: FamilyIndex): GedcomNode {
  const xref = context.personXref(person.id);
  const personRedacted = context.redacted(person.id);
  const hides = (field: string) => personRedacted?.fields.has(field) ?? false;
  const claims = person.personas.flatMap((persona) => batch.claims.get(persona) ?? []);
  const nameClaims = claims.filter((claim) => claim.kind === 'name');
  const children: GedcomNode[] = [];
  if (hides('display_name')) context.lose('INDI.NAME', 'redacted name not written');
  else children.push(...personNames(context, person, batch, nameClaims));
  const sex = sexFor(person.sex, context.version);
  if (sex && !hides('sex')) {
    if (sex !== person.sex) context.lose('INDI.SEX', 'sex X (neither male nor female) has no 5.5.1 value: written U');
    children.push(node('SEX', sex));
  }
  const mentions: GedcomNode[] = [];
  // Its events, each with the family it is written on (none: written here, on the INDI).
  const events = (batch.events.get(person.id) ?? []).map((event) => {
    const people = event.participants.flatMap((p) => {
      const person = p.person ?? (p.persona ? batch.personOf.get(p.persona) : undefined);
      return person ? [{ person, role: p.role }] : [];
    });
    return { event, family: families.ofEvent(people) };
  });
  const familyEvents = events.flatMap(({ event, family }) => (family ? [event] : []));
  for (const claim of claims) {
    if (claim.kind === 'name') continue;
    const cited = { citations: batch.citations, evidence: batch.evidence.get(claim.id), attached: batch.attached, notes: batch.notes };
    const mention = mentionStructures(context, claim, cited, batch.notes.get(claim.id));
    if (mention) {
      mentions.push(...mention);
      continue;
    }
    if (takeFamilyEventCitation(context, claim, cited, familyEvents)) continue;
    const summary = SUMMARY_KINDS[claim.kind];
    // The person's own redaction of its birth or death hides those claims; one that only follows a redacted claim leaves the claim's own redaction to say what is hidden.
    if (summary && hides(summary) && !personRedacted?.fromClaims?.has(summary)) {
      context.lose(`INDI.${claim.kind}`, 'redacted value not written');
      continue;
    }
    const sealedTo = tagOfKind(claim.kind) === 'SLGC' ? sealingFamily(families.asChild(person.id), context.version) : [];
    if (!sealedTo) {
      context.lose('INDI.SLGC', 'a sealing to parents names their family (FAMC), and the person is no child of a family written: not written (7.0 writes FAMC @VOID@)');
      continue;
    }
    const fact = claimStructure(context, claim, cited, batch.notes.get(claim.id), sealedTo);
    if (fact) children.push(fact);
  }
  for (const { event, family } of events) {
    // The family's event (both partners, or a lone husband or wife): written on its FAM.
    if (family) continue;
    const written = eventStructure(context, event, batch.notes.get(event.id), INDIVIDUAL_EVENT_TAGS, 'INDI', batch.attached);
    if (written) children.push(written);
  }
  for (const { unit, pedigree, edges } of families.asChild(person.id)) {
    const line = pedigreeLine(pedigree, context.version);
    if (!line && pedigree !== 'birth') context.lose('INDI.FAMC.PEDI', `pedigree "${pedigree}" has no 5.5.1 value: written without PEDI`);
    // The notes of the child's parent edges (the importer's FAMC notes), but those of a lone parent's family anchor, written on its FAM (all but the link's status).
    const anchor = familyAnchor(unit);
    const notes = edges.flatMap((edge) => (edge === anchor ? (batch.notes.get(edge) ?? []).filter((note) => isLinkStatusNote(note.text)) : batch.notes.get(edge) ?? []));
    const status = takeLinkStatus(context, notes);
    children.push(pointer('FAMC', unit.xref, [...(line ? [node('PEDI', line.value, line.phrase ? [node('PHRASE', line.phrase)] : [])] : []), ...status.lines, ...noteStructures(context, status.notes, 'INDI.FAMC')]));
  }
  for (const unit of families.asPartner(person.id)) children.push(pointer('FAMS', unit.xref));
  for (const association of batch.associations.get(person.id) ?? []) {
    const asso = associationStructure(context, association, batch);
    if (asso) children.push(asso);
  }
  const identified = takeIdentifiers(context, batch.notes.get(person.id), 'INDI');
  children.push(...identified.lines, ...noteStructures(context, identified.notes, 'INDI'));
  children.push(...mentions);
  for (const media of batch.media.get(person.id) ?? []) children.push(pointer('OBJE', context.mediaXref(media)));
  // GEDCOM 7 allows no record with nothing under it, and a person may hold nothing that is written
  // (a child of a family with no parents, a file's INDI of extension lines alone): SEX U, "cannot be
  // determined from available sources", is true of such a record and keeps it, and its person.
  if (children.length === 0 && context.version === '7.0') children.push(node('SEX', 'U'));
  context.count('individuals');
  return record('INDI', xref, children);
}

/**
 * The FAMC an LDS sealing to parents (SLGC) must name, in both versions: the family the person
 * is a child of, the birth one first (the import does not keep the file's own FAMC: the sealing's
 * family is the child's). A person who is no child of a family written: `@VOID@` in 7.0 (GEDCOM
 * 7's way to keep a structure whose required pointer has nothing to point at), none in 5.5.1,
 * which has no such pointer (undefined: the sealing is not written).
 */
function sealingFamily(asChild: readonly { unit: { xref: string }; pedigree: string }[], version: WriteVersion): GedcomNode[] | undefined {
  const family = asChild.find((each) => each.pedigree === 'birth') ?? asChild[0];
  if (family) return [pointer('FAMC', family.unit.xref)];
  return version === '7.0' ? [pointer('FAMC', 'VOID')] : undefined;
}

/**
 * ASSO: the associated person (if written) is `role` to this one. 7.0 ROLE (roles.ts); 5.5.1
 * RELA, the word. An association of the role an ALIA becomes, with nothing ALIA cannot hold, is ALIA.
 */
function associationStructure(context: ExportContext, association: AssociationSummary, batch: PersonBatch): GedcomNode | undefined {
  const to = association.to_kind === 'persona' ? batch.personOf.get(association.to) : association.to;
  if (!to || context.withheld.has(to) || !context.shows(association.id, 'role')) {
    context.lose('INDI.ASSO', 'association with a person not written (withheld, redacted or only a persona)');
    return undefined;
  }
  const note = association.note && context.shows(association.id, 'note') ? association.note : undefined;
  const source = association.source && context.shows(association.id, 'source') ? association.source : undefined;
  // An ALIA the import kept (map-association.ts) goes back as ALIA; with a note or a source, which ALIA cannot hold, it stays an ASSO.
  if (association.role === ALIAS && !note && !source) return pointer('ALIA', context.personXref(to));
  const role = context.version === '5.5.1' ? node('RELA', association.role) : roleStructure(association.role);
  const parts = [role];
  if (note) parts.push(node('NOTE', note));
  if (source) {
    const cited = citationStructure(context, source, undefined, 'INDI.ASSO');
    if (cited) parts.push(cited);
  }
  return pointer('ASSO', context.personXref(to), parts);
}
