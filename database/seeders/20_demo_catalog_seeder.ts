import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { DEMO_ENVIRONMENTS } from '#database/seed_environments'
import db from '@adonisjs/lucid/services/db'
import Institution from '#models/institution'
import Course from '#models/course'
import Document, { type AccessLevel } from '#models/document'
import DocumentChunk from '#models/document_chunk'
import { slugify } from '#services/catalog/slug'

/**
 * The demo catalog (issue 2 item 2): 6 institutions, 30 courses, 120 documents with real study
 * text across all access levels, so previews, the document page and the AI tools have content.
 * Idempotent: rows are keyed by slug and skipped when present.
 */
type Topic = { title: string; text: string[] }
type Subject = { name: string; code: string; description: string; topics: Topic[] }

const SUBJECTS: Subject[] = [
  {
    name: 'Linear Algebra',
    code: 'MATH',
    description:
      'Vector spaces, linear maps, matrices, determinants, eigenvalues and orthogonality, with applications to data and geometry.',
    topics: [
      {
        title: 'Vector spaces and subspaces',
        text: [
          'A vector space is a set with an addition and a scalar multiplication that satisfy eight axioms, such as associativity and the existence of a zero vector. A subspace is a subset that is itself a vector space under the same operations. To check that a subset is a subspace, it is enough to show it contains the zero vector and is closed under addition and scalar multiplication.',
          'The span of a set of vectors is the smallest subspace containing them. A set is linearly independent when no vector in it is a combination of the others. A basis is an independent spanning set, and every basis of a finite-dimensional space has the same number of elements, called the dimension.',
        ],
      },
      {
        title: 'Eigenvalues and eigenvectors',
        text: [
          'An eigenvector of a square matrix A is a non-zero vector v with Av = λv for some scalar λ, the eigenvalue. Eigenvalues are the roots of the characteristic polynomial det(A − λI). Each eigenvalue has an eigenspace, the null space of A − λI.',
          'A matrix is diagonalisable when it has a basis of eigenvectors; then A = PDP⁻¹ with D diagonal. Symmetric real matrices are always diagonalisable by an orthogonal matrix, which is the spectral theorem. Powers of a diagonalisable matrix are easy to compute because Aⁿ = PDⁿP⁻¹.',
        ],
      },
      {
        title: 'Orthogonality and least squares',
        text: [
          'Two vectors are orthogonal when their dot product is zero. The orthogonal projection of b onto a subspace W is the closest point of W to b. The Gram–Schmidt process turns any basis into an orthonormal basis.',
          'When Ax = b has no solution, the least-squares solution minimises the length of Ax − b. It solves the normal equations AᵀAx = Aᵀb. Linear regression is exactly this problem, with the columns of A holding the features.',
        ],
      },
      {
        title: 'Determinants',
        text: [
          'The determinant of a square matrix measures how the linear map scales volume. It is zero exactly when the matrix is not invertible. Row swaps change its sign, scaling a row scales it, and adding a multiple of one row to another leaves it unchanged.',
          'The determinant of a product is the product of the determinants. For triangular matrices it is the product of the diagonal entries, which is why row reduction is the practical way to compute it.',
        ],
      },
    ],
  },
  {
    name: 'Microeconomics',
    code: 'ECON',
    description:
      'How households and firms make decisions and interact in markets: demand, supply, elasticity, costs and market structure.',
    topics: [
      {
        title: 'Supply and demand',
        text: [
          'The demand curve shows the quantity buyers want at each price, holding other factors constant; it usually slopes downwards. The supply curve shows the quantity sellers offer at each price and usually slopes upwards. The market equilibrium is the price at which the two quantities are equal.',
          'A change in price moves along a curve, while a change in income, tastes, input costs or the prices of related goods shifts the curve. A price ceiling below equilibrium creates a shortage, and a price floor above it creates a surplus.',
        ],
      },
      {
        title: 'Elasticity',
        text: [
          'Price elasticity of demand is the percentage change in quantity demanded divided by the percentage change in price. Demand is elastic when the absolute value is above one and inelastic when it is below one. Goods with close substitutes and goods that take a large share of the budget tend to have elastic demand.',
          'Total revenue rises with a price increase when demand is inelastic and falls when demand is elastic. Income elasticity separates normal goods, with positive values, from inferior goods, with negative values.',
        ],
      },
      {
        title: 'Costs of production',
        text: [
          'Fixed costs do not vary with output, while variable costs do. Marginal cost is the cost of producing one more unit. Average total cost is usually U-shaped, and the marginal cost curve crosses it at its minimum.',
          'In the short run at least one input is fixed, so diminishing marginal returns make marginal cost rise. In the long run all inputs are variable and the firm chooses its scale, which gives economies or diseconomies of scale.',
        ],
      },
      {
        title: 'Market structures',
        text: [
          'In perfect competition many firms sell identical products and take the price as given; in the long run economic profit is zero. A monopolist faces the whole market demand and sets output where marginal revenue equals marginal cost, charging a price above marginal cost.',
          'Oligopolies have a few interdependent firms, and game theory helps predict their behaviour. Monopolistic competition combines many firms with differentiated products, so each has some control over its price.',
        ],
      },
    ],
  },
  {
    name: 'Cell Biology',
    code: 'BIO',
    description: 'The structure and function of cells: membranes, organelles, energy, the cell cycle and signalling.',
    topics: [
      {
        title: 'The plasma membrane',
        text: [
          'The plasma membrane is a phospholipid bilayer with embedded proteins. Its hydrophobic core blocks most ions and polar molecules, so transport proteins control what enters and leaves the cell. Cholesterol adjusts the fluidity of animal cell membranes.',
          'Passive transport moves substances down their concentration gradient without energy, through simple diffusion or through channels and carriers. Active transport, such as the sodium–potassium pump, uses ATP to move substances against their gradient.',
        ],
      },
      {
        title: 'Cellular respiration',
        text: [
          'Cellular respiration converts glucose into ATP. Glycolysis in the cytoplasm splits glucose into two pyruvate molecules and yields a small amount of ATP. In the mitochondria, the citric acid cycle oxidises the products further and loads electron carriers.',
          'Oxidative phosphorylation uses the electron transport chain to pump protons across the inner mitochondrial membrane. ATP synthase lets them flow back and uses that energy to make most of the cell’s ATP. Oxygen is the final electron acceptor.',
        ],
      },
      {
        title: 'The cell cycle',
        text: [
          'The cell cycle has interphase, when the cell grows and copies its DNA, and the mitotic phase, when it divides. Mitosis has prophase, metaphase, anaphase and telophase, followed by cytokinesis.',
          'Checkpoints controlled by cyclins and cyclin-dependent kinases stop the cycle when DNA is damaged or chromosomes are not attached correctly. Cancer often involves mutations that disable these checkpoints.',
        ],
      },
      {
        title: 'Cell signalling',
        text: [
          'Cells communicate with chemical signals that bind to receptors. A signal transduction pathway relays the message inside the cell, often through a cascade of protein phosphorylations. Second messengers such as cyclic AMP amplify the signal.',
          'The response may change gene expression, enzyme activity or the cytoskeleton. Because each step can activate many molecules, a few signal molecules can produce a large response.',
        ],
      },
    ],
  },
  {
    name: 'Data Structures',
    code: 'CS',
    description:
      'Arrays, lists, stacks, queues, hash tables, trees and graphs, and how to choose between them by their costs.',
    topics: [
      {
        title: 'Hash tables',
        text: [
          'A hash table stores key–value pairs in an array and uses a hash function to turn a key into an index. With a good hash function and a low load factor, lookups, insertions and deletions take constant time on average.',
          'Two keys can hash to the same index, which is a collision. Separate chaining keeps a list at each slot, while open addressing probes for another free slot. When the load factor grows too high the table is resized and every key is rehashed.',
        ],
      },
      {
        title: 'Binary search trees',
        text: [
          'In a binary search tree every key in the left subtree is smaller than the node and every key in the right subtree is larger. Search, insertion and deletion follow one path from the root, so they take time proportional to the height.',
          'An unbalanced tree can degrade into a list with linear height. Self-balancing trees such as AVL trees and red–black trees keep the height logarithmic by rotating nodes after updates.',
        ],
      },
      {
        title: 'Heaps and priority queues',
        text: [
          'A binary heap is a complete binary tree where each parent is smaller than its children in a min-heap. It is stored compactly in an array, with the children of index i at 2i + 1 and 2i + 2.',
          'Insertion adds the element at the end and sifts it up; removing the minimum moves the last element to the root and sifts it down. Both take logarithmic time, which makes heaps the usual implementation of priority queues and of heapsort.',
        ],
      },
      {
        title: 'Graphs and traversal',
        text: [
          'A graph is a set of vertices connected by edges, stored as an adjacency list or an adjacency matrix. Lists use less memory for sparse graphs, while matrices answer edge queries in constant time.',
          'Breadth-first search explores the graph level by level with a queue and finds shortest paths in unweighted graphs. Depth-first search uses a stack or recursion and is the basis of topological sorting and cycle detection.',
        ],
      },
    ],
  },
  {
    name: 'Modern European History',
    code: 'HIST',
    description:
      'Europe from the French Revolution to the end of the Cold War: revolutions, industrialisation, nationalism and the world wars.',
    topics: [
      {
        title: 'The French Revolution',
        text: [
          'The French Revolution began in 1789 amid a fiscal crisis, a rigid society of estates and new Enlightenment ideas. The Third Estate declared itself the National Assembly, and the storming of the Bastille became the symbol of popular revolt.',
          'The Declaration of the Rights of Man proclaimed liberty and equality before the law. The revolution radicalised into the Terror under the Committee of Public Safety before the Directory and, in 1799, Napoleon’s coup.',
        ],
      },
      {
        title: 'The Industrial Revolution',
        text: [
          'Industrialisation began in Britain in the late eighteenth century with mechanised textile production, steam power and cheap coal and iron. Factories concentrated workers in fast-growing cities.',
          'The new industrial society created a working class with long hours and poor housing, which led to trade unions, reform laws and socialist movements. Railways spread industry across the continent in the nineteenth century.',
        ],
      },
      {
        title: 'Nationalism and unification',
        text: [
          'Nationalism held that each nation should have its own state. It inspired the revolutions of 1848 and the unifications of Italy and Germany. Cavour and Garibaldi led Italian unification, while Bismarck united Germany through three wars.',
          'In multinational empires such as Austria-Hungary and the Ottoman Empire, nationalism was a force of division. Tensions in the Balkans helped set the stage for the First World War.',
        ],
      },
      {
        title: 'The Cold War in Europe',
        text: [
          'After 1945 Europe was divided between a Western bloc led by the United States and an Eastern bloc dominated by the Soviet Union. The Marshall Plan, NATO and the Warsaw Pact fixed the division.',
          'Berlin was its focal point, from the 1948 blockade to the Wall built in 1961. Reform movements in Hungary and Czechoslovakia were crushed, but in 1989 peaceful revolutions ended communist rule and the Wall fell.',
        ],
      },
    ],
  },
  {
    name: 'Organic Chemistry',
    code: 'CHEM',
    description:
      'Structure, bonding and reactions of carbon compounds: functional groups, stereochemistry and reaction mechanisms.',
    topics: [
      {
        title: 'Functional groups',
        text: [
          'A functional group is the part of a molecule that gives it its characteristic reactions. Alcohols contain a hydroxyl group, carboxylic acids a carboxyl group, and amines a nitrogen bonded to carbon.',
          'Molecules with the same functional group react in similar ways, so learning the groups organises the whole subject. Polar groups also raise boiling points and water solubility through hydrogen bonding.',
        ],
      },
      {
        title: 'Stereochemistry',
        text: [
          'Stereoisomers have the same connectivity but a different arrangement in space. A carbon with four different substituents is a stereocentre, and a molecule that is not superimposable on its mirror image is chiral.',
          'Enantiomers are mirror images and rotate plane-polarised light in opposite directions. The Cahn–Ingold–Prelog rules assign R or S to each stereocentre by ranking substituents by atomic number.',
        ],
      },
      {
        title: 'Nucleophilic substitution',
        text: [
          'In an SN2 reaction a nucleophile attacks the carbon from the side opposite the leaving group in one step, inverting the configuration. It is fastest for methyl and primary substrates and is favoured by polar aprotic solvents.',
          'An SN1 reaction goes through a carbocation intermediate, so it is favoured by tertiary substrates and polar protic solvents. Because the carbocation is planar, a chiral substrate gives a mixture of configurations.',
        ],
      },
      {
        title: 'Spectroscopy',
        text: [
          'Infrared spectroscopy identifies functional groups by their bond vibrations; a strong band near 1700 cm⁻¹ signals a carbonyl group. Mass spectrometry gives the molecular mass and fragments that hint at the structure.',
          'Proton NMR shows how many kinds of hydrogen a molecule has, their chemical environment from the chemical shift, and their neighbours from the splitting pattern. Together these methods usually determine a structure.',
        ],
      },
    ],
  },
  {
    name: 'Introductory Psychology',
    code: 'PSY',
    description:
      'The science of behaviour and mental processes: research methods, memory, learning, perception, development and personality.',
    topics: [
      {
        title: 'Memory',
        text: [
          'The multi-store model describes sensory memory, short-term memory and long-term memory. Short-term memory holds about seven items for under a minute unless they are rehearsed. Working memory adds a central executive that manipulates information.',
          'Encoding is stronger when material is processed for meaning. Retrieval practice and spacing study sessions over time improve long-term retention far more than rereading.',
        ],
      },
      {
        title: 'Classical and operant conditioning',
        text: [
          'In classical conditioning a neutral stimulus comes to trigger a response after being paired with a stimulus that naturally causes it, as in Pavlov’s dogs. The conditioned response fades through extinction when the pairing stops.',
          'In operant conditioning behaviour is shaped by its consequences. Reinforcement increases a behaviour and punishment decreases it, and variable-ratio schedules produce the most persistent responding.',
        ],
      },
      {
        title: 'Research methods',
        text: [
          'Psychologists use experiments to test cause and effect by manipulating an independent variable and measuring a dependent variable. Random assignment to conditions controls for differences between participants.',
          'Correlational studies measure how variables move together but cannot show causation. Good studies use representative samples, reliable measures and ethical safeguards such as informed consent.',
        ],
      },
      {
        title: 'Cognitive development',
        text: [
          'Piaget proposed four stages of cognitive development: sensorimotor, preoperational, concrete operational and formal operational. Object permanence appears in infancy and conservation in middle childhood.',
          'Vygotsky stressed social learning and the zone of proximal development, the gap between what a child can do alone and with guidance. Scaffolding by adults and peers helps children cross it.',
        ],
      },
    ],
  },
  {
    name: 'Financial Accounting',
    code: 'ACCT',
    description: 'Recording transactions and preparing the balance sheet, income statement and cash flow statement.',
    topics: [
      {
        title: 'The accounting equation',
        text: [
          'The accounting equation states that assets equal liabilities plus equity. Every transaction changes at least two accounts so that the equation stays in balance, which is the basis of double-entry bookkeeping.',
          'Debits increase asset and expense accounts, while credits increase liability, equity and revenue accounts. A trial balance checks that total debits equal total credits before the statements are prepared.',
        ],
      },
      {
        title: 'Accrual accounting',
        text: [
          'Under accrual accounting revenue is recognised when it is earned and expenses when they are incurred, not when cash changes hands. Adjusting entries at the end of a period record accrued revenues, accrued expenses and prepaid items.',
          'The matching principle pairs expenses with the revenues they help produce, so that profit reflects the period’s performance.',
        ],
      },
      {
        title: 'Depreciation',
        text: [
          'Depreciation spreads the cost of a long-lived asset over its useful life. The straight-line method charges the same amount each year: cost minus residual value, divided by useful life.',
          'Accelerated methods such as declining balance charge more in the early years. Depreciation is a non-cash expense, so it is added back when the cash flow statement is prepared with the indirect method.',
        ],
      },
      {
        title: 'The cash flow statement',
        text: [
          'The cash flow statement explains the change in cash during a period in three sections: operating, investing and financing activities. A profitable company can still run out of cash if customers pay slowly.',
          'Operating cash flow starts from net income and adjusts for non-cash items and changes in working capital. Buying equipment is an investing outflow, while issuing shares or repaying loans are financing flows.',
        ],
      },
    ],
  },
]

const INSTITUTIONS = [
  {
    name: 'University of Lisbon',
    city: 'Lisbon',
    country: 'Portugal',
    description:
      'A large public university in Portugal’s capital with strong programmes in science, economics and the humanities.',
  },
  {
    name: 'Munich Institute of Technology',
    city: 'Munich',
    country: 'Germany',
    description: 'A technical university known for engineering, computer science and the natural sciences.',
  },
  {
    name: 'University of Edinburgh',
    city: 'Edinburgh',
    country: 'United Kingdom',
    description:
      'One of the oldest universities in the English-speaking world, with broad teaching across the sciences and humanities.',
  },
  { name: 'Boston State University', city: 'Boston', country: 'United States', description: null },
  {
    name: 'University of Toronto',
    city: 'Toronto',
    country: 'Canada',
    description: 'A research-intensive university with a wide range of undergraduate courses.',
  },
  {
    name: 'Melbourne College of Arts and Sciences',
    city: 'Melbourne',
    country: 'Australia',
    description: 'A liberal arts college with small classes in psychology, history and economics.',
  },
]

const KINDS = ['Lecture Notes', 'Summary', 'Exam Preparation', 'Study Guide']
const ACCESS: AccessLevel[] = ['free', 'free', 'paid', 'premium', 'free', 'locked']
const PREFIXES = ['Introduction to', '', 'Foundations of', 'Principles of', 'Topics in']

export default class DemoCatalogSeeder extends BaseSeeder {
  static environment = DEMO_ENVIRONMENTS

  async run() {
    await db.transaction(async (trx) => {
      let docIndex = 0
      for (const [i, spec] of INSTITUTIONS.entries()) {
        const institutionSlug = slugify(spec.name)
        let institution = await Institution.findBy('slug', institutionSlug, { client: trx })
        if (!institution) {
          institution = await Institution.create(
            { slug: institutionSlug, ...spec, visibility: 'public' },
            { client: trx }
          )
        }
        for (let c = 0; c < 5; c++) {
          const subject = SUBJECTS[(i * 5 + c) % SUBJECTS.length]
          const prefix = PREFIXES[(i + c) % PREFIXES.length]
          const title = prefix ? `${prefix} ${subject.name}` : subject.name
          const code = `${subject.code} ${100 + ((i * 37 + c * 101) % 300)}`
          const courseSlug = slugify(`${title} ${institution.name}`)
          let course = await Course.findBy('slug', courseSlug, { client: trx })
          if (!course) {
            course = await Course.create(
              {
                slug: courseSlug,
                code,
                title,
                description: c === 4 ? null : subject.description,
                institutionId: institution.id,
                ownerId: null,
                visibility: 'public',
              },
              { client: trx }
            )
          }
          for (const [t, topic] of subject.topics.entries()) {
            const kind = KINDS[(c + t) % KINDS.length]
            const docTitle = `${topic.title} – ${kind}`
            const docSlug = slugify(`${subject.name} ${topic.title} ${kind} ${institution.city}`)
            const access = ACCESS[docIndex % ACCESS.length]
            docIndex++
            if (await Document.findBy('slug', docSlug, { client: trx })) continue
            const document = await Document.create(
              {
                slug: docSlug,
                title: docTitle,
                description:
                  t === 3 ? null : `${kind} on ${topic.title.toLowerCase()} for ${title} at ${institution.name}.`,
                seoContent: `${topic.title} explained: ${topic.text[0].split('. ')[0]}.`,
                topicTags: [topic.title.toLowerCase(), subject.name.toLowerCase()],
                accessLevel: access,
                visibility: 'public',
                courseId: course.id,
                ownerId: null,
                pageCount: 2 + ((docIndex * 7) % 18),
                price: access === 'paid' ? 499 : null,
                currency: access === 'paid' ? 'usd' : null,
                ingestStatus: 'ready',
              },
              { client: trx }
            )
            const chunks = [
              ...topic.text,
              `Revision checklist for ${topic.title.toLowerCase()}: define the key terms in your own words, work through one example without notes, and explain how this topic connects to the rest of ${subject.name}.`,
            ]
            for (const [index, content] of chunks.entries()) {
              await DocumentChunk.create({ documentId: document.id, chunkIndex: index, content }, { client: trx })
            }
          }
        }
      }
    })
  }
}
