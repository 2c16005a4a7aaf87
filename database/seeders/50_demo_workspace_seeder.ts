import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { DEMO_ENVIRONMENTS } from '#database/seed_environments'
import db from '@adonisjs/lucid/services/db'
import { demoUserWithout } from '#database/demo_user'
import Document from '#models/document'
import DocumentChunk from '#models/document_chunk'
import { ingestBuffer } from '#services/documents/ingest'

/**
 * Two private documents owned by demo@example.com, ingested like uploads (chunks; their sentence
 * vectors are computed when Q&A first reads them), so every AI tool works on the first sign-in.
 * Skipped when demo owns documents.
 */
const DOCUMENTS = [
  {
    slug: 'demo-cell-biology-lecture-notes',
    title: 'Cell Biology – Lecture Notes',
    text: `# Cell Biology

The cell is the basic structural and functional unit of all living organisms. Prokaryotic cells, such as bacteria, lack a nucleus and membrane-bound organelles. Eukaryotic cells contain a nucleus that stores genetic material in the form of DNA.

## Membranes
The plasma membrane is a phospholipid bilayer that controls what enters and leaves the cell. Proteins embedded in the membrane act as channels, carriers and receptors. Diffusion moves molecules from a region of high concentration to a region of low concentration without energy. Active transport uses ATP to move substances against their concentration gradient.

## Organelles
Mitochondria produce ATP through cellular respiration and are often called the powerhouse of the cell. Chloroplasts carry out photosynthesis in plant cells, converting light energy into chemical energy stored in glucose. Ribosomes synthesize proteins by translating messenger RNA. The endoplasmic reticulum folds and transports proteins, while the Golgi apparatus modifies, sorts and packages them for secretion. Lysosomes contain digestive enzymes that break down waste materials.

## Cell division
Mitosis produces two genetically identical daughter cells and is used for growth and repair. Meiosis produces four genetically distinct gametes with half the chromosome number. During interphase the cell grows and replicates its DNA before division begins. Errors in the regulation of the cell cycle can lead to uncontrolled growth and cancer.

## Photosynthesis and respiration
Photosynthesis takes place in two stages: the light-dependent reactions in the thylakoid membranes and the Calvin cycle in the stroma. Cellular respiration breaks down glucose in glycolysis, the Krebs cycle and the electron transport chain, releasing carbon dioxide and water. Oxygen is the final electron acceptor of the electron transport chain.`,
  },
  {
    slug: 'demo-microeconomics-study-notes',
    title: 'Microeconomics – Study Notes',
    text: `# Microeconomics

Microeconomics studies how households and firms make decisions and how they interact in markets. Scarcity forces every society to choose how to allocate limited resources among competing uses. Opportunity cost is the value of the next best alternative given up when a choice is made.

## Supply and demand
The law of demand states that, other things equal, the quantity demanded of a good falls when its price rises. The law of supply states that the quantity supplied rises when the price rises. Market equilibrium occurs where the supply curve and the demand curve intersect. A price ceiling set below equilibrium creates a shortage, while a price floor set above equilibrium creates a surplus.

## Elasticity
Price elasticity of demand measures how responsive quantity demanded is to a change in price. Demand is elastic when the percentage change in quantity exceeds the percentage change in price. Goods with few substitutes, such as insulin, tend to have inelastic demand. Total revenue rises when price increases for goods with inelastic demand.

## Market structures
Perfect competition has many firms selling identical products, and no single firm can influence the price. A monopoly is a single seller with no close substitutes that sets price above marginal cost. Oligopoly markets are dominated by a few firms whose decisions are interdependent, which game theory helps to analyse. Monopolistic competition combines many firms with differentiated products.

## Costs
Fixed costs do not change with the level of output, while variable costs rise as output increases. Marginal cost is the additional cost of producing one more unit. Firms maximise profit where marginal revenue equals marginal cost.`,
  },
]

export default class DemoWorkspaceSeeder extends BaseSeeder {
  static environment = DEMO_ENVIRONMENTS

  async run() {
    const demo = await demoUserWithout('documents', 'owner_id')
    if (!demo) return
    for (const spec of DOCUMENTS) {
      if (await Document.findBy('slug', spec.slug)) continue
      const ingested = await ingestBuffer('md', Buffer.from(spec.text, 'utf8'))
      await db.transaction(async (trx) => {
        const document = await Document.create(
          {
            slug: spec.slug,
            title: spec.title,
            description: ingested.description,
            seoContent: null,
            topicTags: ingested.tags,
            accessLevel: 'free',
            visibility: 'private',
            ownerId: demo.id,
            pageCount: ingested.pageCount,
            fileName: `${spec.slug}.md`,
            mimeType: 'text/markdown',
            sizeBytes: Buffer.byteLength(spec.text),
            ingestStatus: 'ready',
          },
          { client: trx }
        )
        for (const [index, content] of ingested.chunks.entries()) {
          await DocumentChunk.create({ documentId: document.id, chunkIndex: index, content }, { client: trx })
        }
      })
    }
  }
}
