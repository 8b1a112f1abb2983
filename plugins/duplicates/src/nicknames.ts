/**
 * Given names that stand for one another in records: English diminutives (Bill, Peggy, Polly),
 * the abbreviations clerks wrote (Wm, Jno, Thos, Chas), and the same name in the languages of
 * emigrants (Johann, Jan, Juan for John). Folded (fold.ts). A name may belong to more than one
 * group ("nell": Eleanor and Helen; "hannah": Ann and Johanna).
 */
const GROUPS: readonly string[][] = [
  ['william', 'will', 'willy', 'willie', 'bill', 'billy', 'wm', 'wilhelm', 'willem', 'guillaume', 'guillermo', 'liam'],
  ['john', 'jack', 'johnny', 'jno', 'jon', 'johann', 'johannes', 'jan', 'hans', 'juan', 'giovanni', 'jean', 'ian', 'sean', 'evan'],
  ['james', 'jim', 'jimmy', 'jamie', 'jas', 'jacques', 'diego', 'giacomo'],
  ['thomas', 'tom', 'tommy', 'thos', 'tomas'],
  ['charles', 'charlie', 'chas', 'carl', 'karl', 'carlos', 'carlo'],
  ['robert', 'rob', 'robbie', 'bob', 'bobby', 'robt', 'bert', 'robin'],
  ['richard', 'dick', 'rick', 'rich', 'richd', 'ricardo'],
  ['edward', 'ed', 'eddie', 'ted', 'ned', 'edw', 'eduard', 'eduardo'],
  ['henry', 'harry', 'hal', 'hank', 'heinrich', 'hendrik', 'henri', 'enrique'],
  ['joseph', 'joe', 'jos', 'josef', 'jose', 'giuseppe'],
  ['benjamin', 'ben', 'benj', 'benny'],
  ['samuel', 'sam', 'saml', 'sammy'],
  ['daniel', 'dan', 'danl', 'danny'],
  ['george', 'geo', 'georg', 'jorge', 'georges'],
  ['frederick', 'fred', 'freddie', 'fredk', 'fritz', 'friedrich', 'frederik'],
  ['alexander', 'alex', 'alec', 'sandy', 'alexr', 'alejandro', 'alessandro'],
  ['christopher', 'chris', 'kit', 'christoph', 'christr'],
  ['nicholas', 'nick', 'nicolaas', 'nikolaus', 'klaus', 'claus', 'nicolas'],
  ['patrick', 'pat', 'paddy', 'padraig'],
  ['michael', 'mike', 'mick', 'michl', 'michel', 'miguel', 'michele'],
  ['peter', 'pete', 'pieter', 'petrus', 'pierre', 'pedro', 'pietro'],
  ['jacob', 'jake', 'jakob', 'jacobus', 'jacques'],
  ['isaac', 'ike', 'isaak'],
  ['abraham', 'abe', 'abram'],
  ['margaret', 'peggy', 'maggie', 'meg', 'madge', 'greta', 'gretchen', 'margarethe', 'margarita', 'marguerite', 'margt'],
  ['elizabeth', 'eliza', 'liz', 'lizzie', 'beth', 'betty', 'betsy', 'bess', 'bessie', 'elisabeth', 'elsbeth', 'elspeth', 'lisa', 'elisa', 'eliz', 'isabel'],
  ['catherine', 'kate', 'katie', 'kitty', 'cathy', 'katherine', 'katharine', 'catharine', 'kathryn', 'katharina', 'catalina', 'caterina'],
  ['mary', 'polly', 'molly', 'mae', 'mamie', 'maria', 'marie', 'mair', 'maire'],
  ['ann', 'anne', 'anna', 'annie', 'nancy', 'nan', 'hannah'],
  ['johanna', 'joanna', 'joan', 'jo', 'hannah', 'jane', 'jean', 'jennie', 'janet'],
  ['sarah', 'sally', 'sadie', 'sara'],
  ['susan', 'sue', 'susie', 'susanna', 'susannah', 'suzanne'],
  ['martha', 'patsy', 'mattie', 'marthe'],
  ['dorothy', 'dolly', 'dot', 'dora', 'dorothea'],
  ['eleanor', 'ellen', 'nell', 'nellie', 'elinor', 'eleonore', 'leonora', 'nora'],
  ['helen', 'helena', 'ellen', 'nell', 'nellie', 'lena', 'elena', 'helene'],
  ['frances', 'fanny', 'fran', 'franziska', 'francesca'],
  ['francis', 'frank', 'franz', 'francois', 'francisco', 'francesco'],
  ['caroline', 'carrie', 'carolina', 'karoline'],
  ['rebecca', 'becky', 'rebekah'],
  ['deborah', 'debby', 'debora'],
  ['abigail', 'abby', 'nabby'],
  ['louisa', 'louise', 'lou', 'luise', 'luisa'],
  ['lewis', 'louis', 'ludwig', 'luis', 'luigi'],
  ['anthony', 'tony', 'antony', 'anton', 'antonio', 'antoine'],
  ['stephen', 'steven', 'steve', 'stephan', 'stefan', 'esteban', 'etienne'],
  ['matthew', 'matt', 'mathew', 'matthias', 'mathias', 'mateo', 'matteo'],
  ['andrew', 'andy', 'drew', 'andreas', 'andres', 'andre', 'andrea'],
  ['paul', 'paulus', 'pablo', 'paolo'],
  ['hugh', 'hugo', 'hughie'],
  ['lawrence', 'laurence', 'larry', 'lorenz', 'lorenzo', 'laurent'],
];

const INDEX = new Map<string, number[]>();
GROUPS.forEach((group, at) => {
  for (const name of group) INDEX.set(name, [...(INDEX.get(name) ?? []), at]);
});

/** The groups a folded given name belongs to, by the name of each group (its first, fullest form); [] for none. */
export function nicknameGroups(name: string): string[] {
  return (INDEX.get(name) ?? []).map((at) => GROUPS[at][0]);
}

/** The group two folded given names share ("bill" and "william": "william"), or null. */
export function sharedGroup(a: string, b: string): string | null {
  const groups = nicknameGroups(b);
  return nicknameGroups(a).find((group) => groups.includes(group)) ?? null;
}
