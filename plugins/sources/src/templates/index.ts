import type { CitationTemplate } from '../citations/template.js';
import { censusTemplates } from './census.js';
import { civilRegistrationTemplates } from './civil-registration.js';
import { churchRegisterTemplates } from './church-registers.js';
import { probateAndLandTemplates } from './probate-and-land.js';
import { courtsAndTaxesTemplates } from './courts-and-taxes.js';
import { militaryTemplates } from './military.js';
import { migrationTemplates } from './migration.js';
import { publicationTemplates } from './publications.js';
import { onlineTemplates } from './online.js';
import { cemeteryTemplates } from './cemeteries.js';
import { familyAndPersonalTemplates } from './family-and-personal.js';
import { dnaTemplates } from './dna.js';
import { governmentTemplates } from './government.js';

/** Every template shipped, grouped as the list shows them. */
export const allTemplates: CitationTemplate[] = [
  ...censusTemplates,
  ...civilRegistrationTemplates,
  ...churchRegisterTemplates,
  ...probateAndLandTemplates,
  ...courtsAndTaxesTemplates,
  ...militaryTemplates,
  ...migrationTemplates,
  ...publicationTemplates,
  ...onlineTemplates,
  ...cemeteryTemplates,
  ...familyAndPersonalTemplates,
  ...dnaTemplates,
  ...governmentTemplates,
];
