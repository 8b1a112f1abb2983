/**
 * Lines to records: each line goes under the last open structure one level up, CONC/CONT
 * fold into their parent's value, and a level-0 line closes the record before it. What
 * does not fit is kept where it can be (a level jump hangs under the last structure) and
 * reported; only a line that cannot be placed at all is dropped.
 */
import type { GedcomIssue, GedcomNode } from '../types.js';
import { readIssue } from './issues.js';
import { pointerOf, unescapeText, type GedcomLine } from './line.js';

interface OpenStructure {
  node: GedcomNode;
  /** The level as written, which a level jump makes deeper than node.level. */
  written: number;
}

/** Letters, digits and _ : what GEDCOM 7 allows in an xref (5.5.1 is looser but never has spaces). */
const PLAIN_XREF = /^[A-Z0-9_]+$/;

export class RecordBuilder {
  private readonly open: OpenStructure[] = [];
  private readonly xrefs = new Set<string>();
  private started = false;
  /** GEDCOM 7 escapes only a leading @@; set as soon as HEAD.GEDC.VERS says 7. */
  gedcom7 = false;

  constructor(private readonly report: (issue: GedcomIssue) => void) {}

  /** The xrefs of the records read so far. */
  get seen(): ReadonlySet<string> {
    return this.xrefs;
  }

  /** Adds a line; returns the record it completed, if it starts a new one. */
  add(line: GedcomLine, number: number): GedcomNode | undefined {
    if (line.level === 0) return this.startRecord(line, number);
    const stack = this.open;
    while (stack.length > 0 && stack[stack.length - 1].written >= line.level) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent === undefined) {
      const where = this.started ? 'outside any record' : 'before the first record';
      this.report(readIssue('orphan-line', number, `level ${line.level} ${line.tag} ${where}: skipped`));
      return undefined;
    }
    if (line.level > parent.written + 1) {
      this.report(readIssue('level-jump', number, `level ${line.level} ${line.tag} under level ${parent.written} ${parent.node.tag}: kept under ${parent.node.tag}`));
    }
    if (line.xref !== undefined) this.report(readIssue('misplaced-xref', number, `@${line.xref}@ on a level ${line.level} line: dropped`));
    const isCont = line.tag === 'CONT';
    if ((isCont || line.tag === 'CONC') && parent.node.pointer === undefined) {
      const text = unescapeText(line.payload, this.gedcom7);
      parent.node.value = (parent.node.value ?? '') + (isCont ? '\n' + text : text);
      return undefined;
    }
    const node = this.nodeOf(line, parent.node.level + 1, number);
    parent.node.children.push(node);
    stack.push({ node, written: line.level });
    if (line.tag === 'VERS' && parent.node.tag === 'GEDC' && stack[0].node.tag === 'HEAD') this.gedcom7 = (node.value ?? '').trim().startsWith('7');
    return undefined;
  }

  /** The record still open at the end of the input. */
  finish(): GedcomNode | undefined {
    const record = this.open[0]?.node;
    this.open.length = 0;
    return record;
  }

  private startRecord(line: GedcomLine, number: number): GedcomNode | undefined {
    const previous = this.finish();
    this.started = true;
    if (line.tag === 'CONT' || line.tag === 'CONC') {
      this.report(readIssue('orphan-cont', number, `${line.tag} at level 0 continues nothing: skipped`));
      return previous;
    }
    const node = this.nodeOf(line, 0, number);
    if (line.xref !== undefined) this.checkXref(line, number);
    this.open.push({ node, written: 0 });
    return previous;
  }

  private checkXref(line: GedcomLine, number: number): void {
    const xref = line.xref as string;
    if (line.xrefUnterminated) {
      this.report(readIssue('bad-xref', number, `@${xref} has no closing @: read as @${xref}@`));
    } else if (!PLAIN_XREF.test(xref)) {
      this.report(readIssue('xref-format', number, `@${xref}@ has characters other than A-Z, 0-9 and _: kept as written`));
    }
    if (this.xrefs.has(xref)) {
      this.report(readIssue('duplicate-xref', number, `@${xref}@ names an earlier record too: both are kept`));
    } else {
      this.xrefs.add(xref);
    }
  }

  private nodeOf(line: GedcomLine, level: number, number: number): GedcomNode {
    const node: GedcomNode = { level, tag: line.tag, line: number, children: [] };
    if (level === 0 && line.xref !== undefined) node.xref = line.xref;
    if (line.payload !== '') {
      const pointer = pointerOf(line.payload);
      if (pointer === undefined) node.value = unescapeText(line.payload, this.gedcom7);
      else node.pointer = pointer;
    }
    return node;
  }
}
