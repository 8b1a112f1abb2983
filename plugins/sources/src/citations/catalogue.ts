import { allTemplates } from '../templates/index.js';
import { render, type Rendering } from './renderer.js';
import { elementProblems } from './elements.js';
import { CITATION_STYLES, type CitationStyle, type CitationTemplate, type TemplateCategory } from './template.js';
import type { CitationCatalogue as CitationCatalogueContract } from '@rootline/contracts/sources';

export type Renderings = Record<CitationStyle, string>;

/**
 * The citation templates shipped with Rootline: a singleton (`citationCatalogue`), since
 * templates are data, the same for every tree.
 */
export class CitationCatalogue implements CitationCatalogueContract {
  private readonly byId = new Map(allTemplates.map((template) => [template.id, template]));

  list(category?: TemplateCategory): CitationTemplate[] {
    return category ? allTemplates.filter((template) => template.category === category) : allTemplates;
  }

  template(id: string): CitationTemplate | undefined {
    return this.byId.get(id);
  }

  /** Problems of `elements` for `template` (empty when they are fine). */
  check(template: CitationTemplate, elements: Record<string, string>) {
    return elementProblems(template, elements);
  }

  render(template: CitationTemplate, elements: Record<string, string>, style: CitationStyle): Rendering {
    return render(template.patterns[style], elements);
  }

  /** All four styles as plain text (what a citation carries as `rendered`). */
  renderAll(template: CitationTemplate, elements: Record<string, string>): Renderings {
    return Object.fromEntries(CITATION_STYLES.map((style) => [style, this.render(template, elements, style).text])) as Renderings;
  }
}
