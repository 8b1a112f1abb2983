import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Family Bibles, letters, interviews, photographs: artifacts and personal records (Evidence Explained ch. 3-4). */
export const familyAndPersonalTemplates: CitationTemplate[] = [
  {
    id: 'family-bible',
    category: 'family-and-personal',
    name: 'Family Bible record pages',
    description: 'Births, marriages and deaths written in a family Bible; say who holds it and how it came down.',
    elements: [
      needs('family', 'Family (surname as the Bible is known)'),
      may('dates', 'Span of the entries (e.g. 1790-1880)'),
      needs('title', 'Title of the Bible (e.g. The Holy Bible)'),
      may('imprint', 'Imprint (e.g. Philadelphia: M. Carey, 1802)'),
      needs('record_page', 'Record page (e.g. Births)'),
      needs('holder', 'Who holds it, and where', 'person'),
      may('provenance', 'How it came down (e.g. from John Smith to his daughter Mary)'),
    ],
    patterns: {
      first_reference: '{family} Family Bible Records[, {dates}], *{title}*[ ({imprint})], “{record_page}” page; held by {holder}[; {provenance}].',
      subsequent: '{family} Family Bible Records, “{record_page}” page.',
      bibliography: '{family} Family Bible Records[, {dates}]. *{title}*.[ {imprint}.] Held by {holder}.',
      source_list: '{family} Family Bible Records[, {dates}]. Held by {holder}.',
    },
    example: {
      family: 'Smith', dates: '1790-1880', title: 'The Holy Bible', imprint: 'Philadelphia: M. Carey, 1802', record_page: 'Births',
      holder: 'Jane Doe, Luton, Bedfordshire', provenance: 'passed from John Smith (1790-1860) to his daughter Mary and her descendants',
    },
  },
  {
    id: 'letter',
    category: 'family-and-personal',
    name: 'Personal letter',
    description: 'A letter between family members or others, held privately or in an archive.',
    elements: [
      needs('writer', 'Writer', 'person'),
      may('writer_place', 'Where written', 'place'),
      needs('recipient', 'Recipient', 'person'),
      may('recipient_place', 'Where sent', 'place'),
      needs('date', 'Date of the letter', 'date'),
      needs('holder', 'Who holds it, and where'),
    ],
    patterns: {
      first_reference: '{writer}[ ({writer_place})] to {recipient}[ ({recipient_place})], letter, {date}; held by {holder}.',
      subsequent: '{writer} to {recipient}, {date}.',
      bibliography: '{writer}. Letter to {recipient}, {date}. Held by {holder}.',
      source_list: '{writer}. Correspondence with {recipient}. Held by {holder}.',
    },
    example: {
      writer: 'John Smith', writer_place: 'Luton, Bedfordshire', recipient: 'Mary Smith', recipient_place: 'Boston, Massachusetts',
      date: '12 May 1890', holder: 'Jane Doe, Luton, Bedfordshire',
    },
  },
  {
    id: 'interview',
    category: 'family-and-personal',
    name: 'Interview or oral history',
    description: 'What a person told an interviewer; say who, when, where and how it was recorded.',
    elements: [
      needs('interviewee', 'Person interviewed', 'person'),
      may('about', 'Who the interviewee is (e.g. born 1921, granddaughter of John Smith)'),
      needs('interviewer', 'Interviewer', 'person'),
      needs('date', 'Date of the interview', 'date'),
      may('place', 'Place of the interview', 'place'),
      needs('format', 'How it was kept (e.g. audio recording, transcript, notes)'),
      needs('holder', 'Who holds the recording or notes'),
    ],
    patterns: {
      first_reference: '{interviewee}[ ({about})], interview by {interviewer}, {date}[, {place}]; {format} held by {holder}.',
      subsequent: '{interviewee}, interview, {date}.',
      bibliography: '{interviewee}. Interview by {interviewer}, {date}[, {place}]. Held by {holder}.',
      source_list: '{interviewee}. Oral history interview, {date}. Held by {holder}.',
    },
    example: {
      interviewee: 'Margaret Walsh', about: 'born 1921, granddaughter of Patrick Walsh', interviewer: 'Jane Doe', date: '14 August 2019',
      place: 'Cork, County Cork', format: 'audio recording', holder: 'Jane Doe, Luton, Bedfordshire',
    },
  },
  {
    id: 'photograph',
    category: 'family-and-personal',
    name: 'Photograph',
    description: 'A photograph as an artifact: who is shown, when, by whom, and who holds it.',
    elements: [
      needs('subject', 'Who or what is shown'),
      may('date', 'Date taken (e.g. about 1890)', 'date'),
      may('photographer', 'Photographer or studio'),
      needs('holder', 'Who holds it, and where'),
      may('provenance', 'How it came down'),
    ],
    patterns: {
      first_reference: '{subject}, photograph[, {date}][, {photographer}]; held by {holder}[; {provenance}].',
      subsequent: '{subject}, photograph[, {date}].',
      bibliography: '{subject}. Photograph[, {date}]. Held by {holder}.',
      source_list: '{subject}. Photograph[, {date}][, {photographer}]. Held by {holder}.',
    },
    example: {
      subject: 'John and Mary Smith', date: 'about 1890', photographer: 'J. Jones Studio, Luton', holder: 'Jane Doe, Luton, Bedfordshire',
      provenance: 'from the album of Mary Smith',
    },
  },
];
