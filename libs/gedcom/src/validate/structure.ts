/**
 * Walks one record against the rules: each substructure must be allowed under its parent
 * (by the parent's structure type, so context decides), no more often than its
 * cardinality, required ones present, payloads of the right type, pointers noted for the
 * end. What 5.5.1 changes is in `gedcom551.ts`.
 */
import { isKnownStructure, isStandardTag, payloadOf, recordType, requiredTags, substructureRule } from '../rules/lookup.js';
import type { GedcomNode } from '../types.js';
import { ENUMS_551, isOnly551, isOnly70, PLACES_551, POINTER_OR_TEXT_551, RECORDS_551, REQUIRED_551, REQUIRED_INSTEAD_551 } from './gedcom551.js';
import { payloadProblem, type RuleVersion } from './payload.js';
import type { PointerRegistry } from './pointers.js';
import type { ReportCollector } from './report.js';

/** Problems that are errors in 7.0 but only warnings in 5.5.1, where the 7.0 table is an approximation. */
const APPROXIMATE_IN_551 = new Set(['cardinality', 'required-missing', 'not-allowed-here', 'missing-payload', 'unexpected-payload']);
/** A pointer that may name any record (in a structure whose rules are not known). */
const ANY_RECORD = '*';
const V7 = 'https://gedcom.io/terms/v7/';

export class StructureChecker {
  private readonly extensionsSeen = new Set<string>();

  constructor(
    private readonly version: RuleVersion,
    private readonly schema: Record<string, string>,
    private readonly out: ReportCollector,
    private readonly pointers: PointerRegistry,
  ) {}

  /** A top-level record, HEAD included. */
  checkRecord(record: GedcomNode): void {
    const standard = this.standardTypeOf(record.tag);
    const recordTag = standard?.startsWith('record-') ? standard.slice('record-'.length) : record.tag;
    if (record.xref !== undefined && !this.pointers.define(record.xref, recordTag)) {
      this.problem(record.line, 'duplicate-xref', `@${record.xref}@ is the xref of an earlier record too`);
    }
    const type = recordType(record.tag);
    if (record.tag.startsWith('_')) this.extension(record);
    else if (type !== undefined && record.tag !== 'CONT') this.checkStructure(record, type);
    else if (this.version === '5.5.1' && RECORDS_551.has(record.tag)) this.checkUnknownInside(record.children);
    else this.misplaced(record, 'the top level');
  }

  private checkStructure(node: GedcomNode, type: string): void {
    this.checkPayload(node, type);
    const counts = new Map<string, number>();
    for (const child of node.children) {
      const count = (counts.get(child.tag) ?? 0) + 1;
      counts.set(child.tag, count);
      if (child.tag.startsWith('_')) {
        this.extension(child);
        continue;
      }
      if (this.version === '5.5.1' && isOnly70(child.tag)) {
        this.out.error(child.line, 'not-in-version', `${child.tag} is not part of GEDCOM 5.5.1`);
        continue;
      }
      const rule = substructureRule(type, child.tag);
      if (rule === undefined) {
        if (this.version === '5.5.1' && PLACES_551[type]?.includes(child.tag)) this.checkUnknownInside([child]);
        else this.misplaced(child, node.tag);
        continue;
      }
      if (count === rule.max + 1) this.problem(child.line, 'cardinality', `${node.tag} may have ${child.tag} only once`);
      this.checkStructure(child, rule.type);
    }
    const strict = this.version === '5.5.1' && Object.hasOwn(REQUIRED_551, type) ? REQUIRED_551[type] : [];
    for (const tag of strict) {
      if (!counts.has(tag)) this.out.error(node.line, 'required-missing', `a 5.5.1 ${node.tag} needs a ${tag}`);
    }
    const instead = this.version === '5.5.1' && Object.hasOwn(REQUIRED_INSTEAD_551, type) ? REQUIRED_INSTEAD_551[type] : {};
    for (const required of requiredTags(type)) {
      const tag = Object.hasOwn(instead, required) ? instead[required] : required;
      if (!counts.has(tag) && !strict.includes(tag)) this.problem(node.line, 'required-missing', `${node.tag} needs a ${tag}`);
    }
    if (this.version === '7.0' && node.children.length === 0 && !node.value && node.pointer === undefined) {
      this.problem(node.line, 'empty-structure', `${node.tag} has neither a payload nor substructures`);
    }
  }

  private checkPayload(node: GedcomNode, type: string): void {
    const kind = payloadOf(type);
    const inline551 = this.version === '5.5.1' && Object.hasOwn(POINTER_OR_TEXT_551, node.tag) ? POINTER_OR_TEXT_551[node.tag] : undefined;
    if (node.pointer !== undefined) {
      if (kind.kind === 'pointer') this.refer(node, kind.record);
      else if (inline551 !== undefined) this.refer(node, inline551);
      else this.problem(node.line, 'bad-payload', `${node.tag} takes ${kind.kind === 'none' ? 'no payload' : 'text'}, not a pointer`);
      return;
    }
    if (kind.kind === 'pointer' && inline551 !== undefined) return;
    const override = this.version === '5.5.1' && Object.hasOwn(ENUMS_551, type) ? ENUMS_551[type] : undefined;
    const problem = payloadProblem(kind, node.value, this.version, override);
    if (problem) this.problem(node.line, problem.code, `${node.tag} ${problem.message}`);
  }

  private refer(node: GedcomNode, record: string): void {
    if (node.pointer === 'VOID' && this.version === '7.0') return;
    this.pointers.refer(node.pointer as string, record, node.line, node.tag);
  }

  /** A tag that is not allowed where it is. */
  private misplaced(node: GedcomNode, where: string): void {
    const tag = node.tag;
    if (this.version === '5.5.1' && isOnly551(tag)) return this.checkUnknownInside([node]);
    if (this.version === '5.5.1' ? isOnly70(tag) : isOnly551(tag)) {
      return this.out.error(node.line, 'not-in-version', `${tag} is not part of GEDCOM ${this.version}`);
    }
    if (isStandardTag(tag)) {
      this.problem(node.line, 'not-allowed-here', `${tag} is not allowed under ${where}`);
      if (this.version === '5.5.1') this.checkUnknownInside([node]);
      return;
    }
    this.out.error(node.line, 'unknown-tag', `${tag} is not a GEDCOM ${this.version} tag (extension tags start with _)`);
  }

  /** Inside structures whose rules are unknown (5.5.1-only or misplaced), pointers must still lead somewhere. */
  private checkUnknownInside(nodes: readonly GedcomNode[]): void {
    for (const node of nodes) {
      if (node.tag.startsWith('_')) continue;
      if (node.pointer !== undefined) this.refer(node, ANY_RECORD);
      this.checkUnknownInside(node.children);
    }
  }

  /**
   * The standard structure type an extension tag stands for, when 7.0's HEAD.SCHMA maps it to a
   * standard URI (`_USER https://gedcom.io/terms/v7/record-SUBM`): it then obeys that structure's rules.
   */
  private standardTypeOf(tag: string): string | undefined {
    if (this.version !== '7.0' || !tag.startsWith('_') || !Object.hasOwn(this.schema, tag)) return undefined;
    const uri = this.schema[tag];
    const type = uri.startsWith(V7) ? uri.slice(V7.length) : '';
    return isKnownStructure(type) ? type : undefined;
  }

  /** `_TAG`: fine in 7.0 when HEAD.SCHMA documents it, otherwise a warning, once per tag. Its insides are its own business. */
  private extension(node: GedcomNode): void {
    const standard = this.standardTypeOf(node.tag);
    if (standard !== undefined) return this.checkStructure(node, standard);
    if (this.version === '7.0' && Object.hasOwn(this.schema, node.tag)) return;
    if (this.extensionsSeen.has(node.tag)) return;
    this.extensionsSeen.add(node.tag);
    const why = this.version === '7.0' ? 'is not documented in HEAD.SCHMA' : 'is an extension (5.5.1 cannot document it)';
    this.out.warning(node.line, 'undocumented-extension', `${node.tag} ${why}; reported once`);
  }

  private problem(line: number, code: string, message: string): void {
    if (this.version === '5.5.1' && APPROXIMATE_IN_551.has(code)) this.out.warning(line, code, message);
    else this.out.error(line, code, message);
  }
}
