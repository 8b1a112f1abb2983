import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';
import { CITATION_STYLES, ELEMENT_KINDS, SOURCE_TYPES, TEMPLATE_CATEGORIES } from './template.js';

/** A closed vocabulary as a JSON Schema `enum`, typed as its values. */
const literals = <T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });

export const SourceType = literals(SOURCE_TYPES, 'What kind of record the source is (Evidence Explained): `original`, `derivative` (abstract, transcript, index, recorded copy) or `authored` (a compiled or narrative work)');
const CitationStyle = literals(CITATION_STYLES, 'Which rendering: first reference note, subsequent (short) note, bibliography entry, or source-list entry');
const TemplateCategory = literals(TEMPLATE_CATEGORIES, 'A group of templates');

const exampleElements = {
  year: '1900', state: 'Virginia', county: 'Albemarle County', civil_division: 'Charlottesville', sheet: 'sheet 3A',
  person: 'John W. Smith', website: 'Ancestry', url: 'https://www.ancestry.com', access_date: '12 March 2024',
};

export const Elements = Type.Record(
  Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }),
  Type.String({ maxLength: 2000 }),
  {
    additionalProperties: false,
    description: 'Element name -> value as written. With a template, names are the template\'s elements; blank means absent.',
    examples: [exampleElements],
  },
);
export type Elements = Static<typeof Elements>;

export const TemplateId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$', description: 'A template id from GET /citation-templates', examples: ['us-federal-census-population'] });

const exampleCitation = {
  id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  source: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  template: 'us-federal-census-population',
  elements: exampleElements,
  source_type: 'derivative',
  rendered: {
    first_reference: '1900 U.S. census, Albemarle County, Virginia, population schedule, Charlottesville, sheet 3A, John W. Smith; image, Ancestry (https://www.ancestry.com : accessed 12 March 2024).',
    subsequent: '1900 U.S. census, Albemarle County, Virginia, pop. sch., Charlottesville, sheet 3A, John W. Smith.',
    bibliography: 'Virginia. Albemarle County. 1900 U.S. census, population schedule. Digital images. Ancestry. https://www.ancestry.com.',
    source_list: 'Virginia. Albemarle County. 1900 U.S. census, population schedule. Images, Ancestry.',
  },
  created_at_ms: 1763769600000,
  updated_at_ms: 1763769600000,
};

const Renderings = Type.Object(
  { first_reference: Type.String(), subsequent: Type.String(), bibliography: Type.String(), source_list: Type.String() },
  { description: 'The citation in each style, as plain text' },
);

export const CitationDto = Type.Object(
  {
    id: Uuid(),
    source: Nullable(Uuid(), { description: 'The source cited, if any' }),
    template: Nullable(Type.String(), { description: 'Template the elements follow; null for free-form elements' }),
    elements: Elements,
    source_type: Nullable(SourceType),
    rendered: Nullable(Renderings, { description: 'Null when the citation has no template' }),
    created_at_ms: Type.Integer(),
    updated_at_ms: Type.Integer(),
  },
  { $id: 'CitationDto', examples: [exampleCitation] },
);
export type CitationDto = Static<typeof CitationDto>;

export const CreateCitationBody = Type.Object(
  {
    source: Type.Optional(Uuid({ description: 'The source this citation cites (must exist)' })),
    template: Type.Optional(TemplateId),
    elements: Elements,
    source_type: Type.Optional(SourceType),
  },
  { examples: [{ source: exampleCitation.source, template: exampleCitation.template, elements: exampleElements, source_type: 'derivative' }] },
);
export type CreateCitationBody = Static<typeof CreateCitationBody>;

export const SetElementsBody = Type.Object({ elements: Elements }, { examples: [{ elements: { ...exampleElements, sheet: 'sheet 3B' } }] });
export const SetSourceTypeBody = Type.Object({ source_type: SourceType }, { examples: [{ source_type: 'original' }] });
export const CitationParams = Type.Object({ id: Uuid() });

export const RenderBody = Type.Object(
  {
    citation: Type.Optional(Uuid({ description: 'A stored citation to render' })),
    template: Type.Optional(TemplateId),
    elements: Type.Optional(Elements),
    style: Type.Optional(CitationStyle),
  },
  {
    description: 'Either `citation`, or `template` with `elements`. `style` defaults to `first_reference`.',
    examples: [{ template: 'us-federal-census-population', elements: exampleElements, style: 'first_reference' }, { citation: exampleCitation.id, style: 'subsequent' }],
  },
);
export type RenderBody = Static<typeof RenderBody>;

export const RenderResult = Type.Object(
  {
    citation: Nullable(Uuid()),
    template: Type.String(),
    style: CitationStyle,
    text: Type.String({ description: 'Plain text' }),
    markdown: Type.String({ description: 'The same with italics as *...* (titles of published works, website names)' }),
  },
  {
    $id: 'CitationRenderResult',
    examples: [{
      citation: null, template: 'us-federal-census-population', style: 'first_reference', text: exampleCitation.rendered.first_reference,
      markdown: exampleCitation.rendered.first_reference.replace('Ancestry', '*Ancestry*'),
    }],
  },
);

const TemplateElementDto = Type.Object({
  name: Type.String(),
  label: Type.String(),
  kind: literals(ELEMENT_KINDS, 'What the value is: text, date, person, place, url, page or number'),
  required: Type.Boolean(),
});

export const TemplateDto = Type.Object(
  {
    id: Type.String(),
    category: TemplateCategory,
    name: Type.String(),
    description: Type.String(),
    elements: Type.Array(TemplateElementDto),
    example: Type.Record(Type.String(), Type.String(), { description: 'Worked example elements' }),
  },
  {
    $id: 'CitationTemplateDto',
    examples: [{
      id: 'book', category: 'publications', name: 'Book (printed or as a digital edition)', description: 'A published book.',
      elements: [{ name: 'author', label: 'Author, as on the title page', kind: 'person', required: true }],
      example: { author: 'Donald Lines Jacobus' },
    }],
  },
);
export const TemplatesQuery = Type.Object({ category: Type.Optional(TemplateCategory) });
