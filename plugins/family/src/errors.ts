import { Problems, defineProblem, entityNotFound } from '@rootline/kernel';

const relationshipSelf = defineProblem('relationship-self', 422, 'A person cannot be their own parent or partner');
const relationshipCycle = defineProblem('relationship-cycle', 422, 'That edge would make a person their own ancestor');
const relationshipExists = defineProblem('relationship-exists', 409, 'That relationship already exists');
const tooManyBirthParents = defineProblem('too-many-birth-parents', 422, 'A person has at most two birth parents');

/** Problems the family plugin throws. */
export const FamilyProblems = {
  personNotFound: (id: string) => entityNotFound('person', id),
  relationshipNotFound: (id: string) => entityNotFound('relationship', id),
  notAParent: (parent: string, child: string) =>
    Problems.notFound(`Person ${parent} is not a parent of ${child} in this tree`, { extras: { entity: 'relationship' } }),
  self: (person: string, kind: 'parent' | 'spouse') =>
    relationshipSelf(kind === 'parent' ? `Person ${person} cannot be their own parent` : `Person ${person} cannot be their own partner`),
  cycle: (parent: string, child: string) =>
    relationshipCycle(`Person ${parent} descends from ${child}: making them a parent of ${child} would make ${child} their own ancestor`),
  mergeCycle: (descendant: string, ancestor: string) =>
    relationshipCycle(`Person ${descendant} descends from ${ancestor}: merging them would make a person their own ancestor`, { extras: { descendant, ancestor } }),
  exists: (existing: string) => relationshipExists(`Relationship ${existing} already links these persons`, { extras: { relationship: existing } }),
  tooManyBirthParents: (child: string) => tooManyBirthParents(`Person ${child} already has two birth parents; unlink one, or give this edge another pedigree`),
};
