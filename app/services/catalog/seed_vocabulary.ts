/** Word lists for generated (but plausible) catalog rows: `node ace catalog:seed`. */
export const PLACES: [city: string, country: string][] = [
  ['Lisbon', 'Portugal'], ['Porto', 'Portugal'], ['Madrid', 'Spain'], ['Valencia', 'Spain'], ['Lyon', 'France'],
  ['Toulouse', 'France'], ['Bordeaux', 'France'], ['Munich', 'Germany'], ['Hamburg', 'Germany'], ['Leipzig', 'Germany'],
  ['Heidelberg', 'Germany'], ['Vienna', 'Austria'], ['Graz', 'Austria'], ['Zurich', 'Switzerland'], ['Basel', 'Switzerland'],
  ['Milan', 'Italy'], ['Bologna', 'Italy'], ['Turin', 'Italy'], ['Amsterdam', 'Netherlands'], ['Utrecht', 'Netherlands'],
  ['Leiden', 'Netherlands'], ['Ghent', 'Belgium'], ['Leuven', 'Belgium'], ['Copenhagen', 'Denmark'], ['Aarhus', 'Denmark'],
  ['Uppsala', 'Sweden'], ['Lund', 'Sweden'], ['Oslo', 'Norway'], ['Bergen', 'Norway'], ['Helsinki', 'Finland'],
  ['Dublin', 'Ireland'], ['Galway', 'Ireland'], ['Edinburgh', 'United Kingdom'], ['Manchester', 'United Kingdom'],
  ['Bristol', 'United Kingdom'], ['Leeds', 'United Kingdom'], ['Kraków', 'Poland'], ['Warsaw', 'Poland'], ['Prague', 'Czechia'],
  ['Brno', 'Czechia'], ['Budapest', 'Hungary'], ['Ljubljana', 'Slovenia'], ['Athens', 'Greece'], ['Boston', 'United States'],
  ['Austin', 'United States'], ['Denver', 'United States'], ['Seattle', 'United States'], ['Chicago', 'United States'],
  ['Atlanta', 'United States'], ['Portland', 'United States'], ['Toronto', 'Canada'], ['Montreal', 'Canada'],
  ['Vancouver', 'Canada'], ['Melbourne', 'Australia'], ['Brisbane', 'Australia'], ['Auckland', 'New Zealand'],
  ['Singapore', 'Singapore'], ['Kyoto', 'Japan'], ['Osaka', 'Japan'], ['Seoul', 'South Korea'], ['Cape Town', 'South Africa'],
  ['São Paulo', 'Brazil'], ['Santiago', 'Chile'], ['Bogotá', 'Colombia'], ['Mexico City', 'Mexico'], ['Nairobi', 'Kenya'],
]

export const INSTITUTION_PATTERNS = [
  (city: string) => `University of ${city}`,
  (city: string) => `${city} Institute of Technology`,
  (city: string) => `${city} State University`,
  (city: string) => `${city} College of Arts and Sciences`,
  (city: string) => `${city} School of Economics`,
  (city: string) => `Technical University of ${city}`,
  (city: string) => `${city} Polytechnic`,
  (city: string) => `${city} Medical University`,
]

export const SUBJECTS: { name: string; code: string; topics: string[] }[] = [
  { name: 'Linear Algebra', code: 'MATH', topics: ['vector spaces', 'eigenvalues', 'matrix factorisation', 'linear maps', 'orthogonality'] },
  { name: 'Calculus', code: 'MATH', topics: ['limits', 'derivatives', 'integrals', 'series', 'differential equations'] },
  { name: 'Probability and Statistics', code: 'STAT', topics: ['random variables', 'distributions', 'hypothesis testing', 'regression', 'Bayes theorem'] },
  { name: 'Data Structures', code: 'CS', topics: ['linked lists', 'hash tables', 'binary trees', 'heaps', 'graphs'] },
  { name: 'Algorithms', code: 'CS', topics: ['sorting', 'dynamic programming', 'greedy algorithms', 'graph search', 'complexity'] },
  { name: 'Operating Systems', code: 'CS', topics: ['processes', 'scheduling', 'virtual memory', 'file systems', 'concurrency'] },
  { name: 'Databases', code: 'CS', topics: ['relational model', 'SQL', 'normalisation', 'indexing', 'transactions'] },
  { name: 'Computer Networks', code: 'CS', topics: ['TCP/IP', 'routing', 'congestion control', 'DNS', 'network security'] },
  { name: 'Machine Learning', code: 'CS', topics: ['supervised learning', 'neural networks', 'overfitting', 'gradient descent', 'clustering'] },
  { name: 'Microeconomics', code: 'ECON', topics: ['supply and demand', 'elasticity', 'market structures', 'game theory', 'welfare'] },
  { name: 'Macroeconomics', code: 'ECON', topics: ['GDP', 'inflation', 'monetary policy', 'fiscal policy', 'unemployment'] },
  { name: 'Financial Accounting', code: 'ACCT', topics: ['balance sheets', 'income statements', 'accruals', 'depreciation', 'cash flow'] },
  { name: 'Organic Chemistry', code: 'CHEM', topics: ['functional groups', 'stereochemistry', 'reaction mechanisms', 'spectroscopy', 'synthesis'] },
  { name: 'General Chemistry', code: 'CHEM', topics: ['atomic structure', 'chemical bonding', 'stoichiometry', 'thermochemistry', 'equilibrium'] },
  { name: 'Classical Mechanics', code: 'PHYS', topics: ["Newton's laws", 'energy conservation', 'momentum', 'rotational motion', 'oscillations'] },
  { name: 'Electromagnetism', code: 'PHYS', topics: ['electric fields', "Gauss's law", 'magnetic fields', 'induction', "Maxwell's equations"] },
  { name: 'Cell Biology', code: 'BIO', topics: ['cell membranes', 'organelles', 'cell division', 'signal transduction', 'metabolism'] },
  { name: 'Genetics', code: 'BIO', topics: ['Mendelian inheritance', 'DNA replication', 'gene expression', 'mutations', 'population genetics'] },
  { name: 'Human Anatomy', code: 'MED', topics: ['skeletal system', 'muscular system', 'cardiovascular system', 'nervous system', 'respiratory system'] },
  { name: 'Introductory Psychology', code: 'PSY', topics: ['memory', 'learning', 'perception', 'motivation', 'personality'] },
  { name: 'Sociology', code: 'SOC', topics: ['socialisation', 'social stratification', 'institutions', 'deviance', 'globalisation'] },
  { name: 'Modern European History', code: 'HIST', topics: ['the French Revolution', 'industrialisation', 'nationalism', 'the world wars', 'the Cold War'] },
  { name: 'Constitutional Law', code: 'LAW', topics: ['separation of powers', 'judicial review', 'fundamental rights', 'federalism', 'due process'] },
  { name: 'Contract Law', code: 'LAW', topics: ['offer and acceptance', 'consideration', 'breach', 'remedies', 'misrepresentation'] },
  { name: 'Marketing Management', code: 'MKT', topics: ['segmentation', 'branding', 'pricing strategy', 'consumer behaviour', 'digital marketing'] },
  { name: 'Philosophy of Mind', code: 'PHIL', topics: ['dualism', 'functionalism', 'consciousness', 'intentionality', 'personal identity'] },
  { name: 'Thermodynamics', code: 'ENGR', topics: ['the first law', 'entropy', 'heat engines', 'phase changes', 'thermodynamic cycles'] },
  { name: 'Signals and Systems', code: 'EE', topics: ['Fourier transforms', 'convolution', 'sampling', 'Laplace transforms', 'filters'] },
]

export const COURSE_PREFIXES = ['Introduction to', 'Foundations of', 'Advanced', 'Topics in', 'Applied', 'Principles of', '']

export const DOCUMENT_KINDS = [
  'Lecture Notes', 'Summary', 'Exam Preparation', 'Problem Set with Solutions', 'Study Guide', 'Cheat Sheet',
  'Past Paper Review', 'Revision Notes', 'Worked Examples', 'Tutorial Notes',
]

export const SENTENCE_TEMPLATES = [
  (t: string, s: string) => `This section introduces ${t} and explains why it matters in ${s}.`,
  (t: string) => `We start from the definition of ${t} and build intuition with two short examples.`,
  (t: string) => `A common exam question asks students to apply ${t} to an unfamiliar situation, so practise with varied problems.`,
  (t: string, s: string) => `In ${s}, ${t} connects several ideas that first appear unrelated.`,
  (t: string) => `Remember the key assumptions behind ${t}; most mistakes come from applying it where they do not hold.`,
  (t: string) => `The worked example below walks through ${t} step by step and highlights each decision.`,
  (t: string) => `Summary: state the main result about ${t}, give one example, and note one limitation.`,
  (t: string, s: string) => `Lecturers in ${s} often revisit ${t} later in the term, so review it before the midterm.`,
]

export const ACCESS_MIX: ('free' | 'paid' | 'premium' | 'locked')[] = [
  'free', 'free', 'free', 'free', 'free', 'free', 'paid', 'paid', 'premium', 'locked',
]
