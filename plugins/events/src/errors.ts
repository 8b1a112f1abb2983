import { defineProblem, entityNotFound, Problems } from '@rootline/kernel';

const participantExists = defineProblem('participant-exists', 409, 'That participant already takes part in the event in that role');
const correctionChangesNothing = defineProblem('correction-changes-nothing', 422, 'The correction changes nothing');
const associationSelf = defineProblem('association-self', 422, 'An association needs two different people');

const bodyField = (name: string, message: string) => Problems.validationFailed(`body ${name} ${message}`, { errors: [{ location: 'body', name, message }] });

/** Problems the events plugin throws. */
export const EventProblems = {
  eventNotFound: (id: string) => entityNotFound('event', id),
  personNotFound: (id: string) => entityNotFound('person', id),
  personaNotFound: (id: string) => entityNotFound('persona', id),
  /** An association end is a bare id: it may name a person or a persona. */
  subjectNotFound: (id: string) => entityNotFound('person or persona', id),
  unknownEventType: (type: string) =>
    bodyField('type', `"${type}" is not a GEDCOM event tag, an extension tag (_TAG) or a custom type written custom:<text>`),
  nothingToCorrect: () => bodyField('reason', 'comes with nothing to correct: give at least one of type, date, place, description'),
  participantExists: (event: string, who: string, role: string) =>
    participantExists(`${who} already takes part in event ${event} as ${role}`, { extras: { event, role } }),
  correctionChangesNothing: (event: string) =>
    correctionChangesNothing(`Every value given is already the current value of event ${event}`, { extras: { event } }),
  associationSelf: (id: string) => associationSelf(`${id} cannot be associated with itself`),
  windowReversed: (start: number, end: number) =>
    Problems.validationFailed(`window_start ${start} is after window_end ${end}`, { errors: [{ location: 'query', name: 'window_start', message: `must not be after window_end (${end})` }] }),
  focusRequired: () =>
    Problems.validationFailed('Give exactly one of person_id or persona_id', {
      errors: [{ location: 'query', name: 'person_id', message: 'exactly one of person_id or persona_id is required' }],
    }),
};
