/**
 * The twelve /ai/* landing pages (docs/rules/ai.md#tools) and the tool each one runs. Used by the page
 * controller (SSR content and structured data) and available to the sitemap work.
 */
import type { ToolPage } from '#shared/api/ai'

const upload = {
  name: 'Upload your material',
  text: 'Sign in and upload a PDF, Word document, text or Markdown file (up to 20 MB), or pick one you already uploaded.',
}
const uploadPdf = { name: 'Upload a PDF', text: 'Sign in and upload a PDF of up to 20 MB.' }

export const TOOL_PAGES: ToolPage[] = [
  {
    slug: 'document-analyzer',
    tool: 'summary',
    name: 'Document Analyzer',
    headline: 'Analyze any study document in seconds',
    description:
      'Upload lecture slides, readings or notes and get a concise summary with the key points, each linked to the passage it came from.',
    intro:
      'The Document Analyzer reads your document, ranks its most central sentences and gives you a short summary and the key points to remember.',
    steps: [
      upload,
      { name: 'Run the analysis', text: 'Press "Summarize" to analyze the selected documents.' },
      {
        name: 'Review the key points',
        text: 'Read the summary and key points; open a cited passage to see it in context.',
      },
    ],
    benefits: [
      'Summary built from the document’s own sentences',
      'Key points with citations',
      'Works across several documents at once',
    ],
  },
  {
    slug: 'flashcard-builder',
    tool: 'flashcards',
    name: 'Flashcard Builder',
    headline: 'Turn your notes into flashcards',
    description:
      'Generate flashcards from your own study documents: key terms on the front, the sentence from your material on the back. Export to CSV or Anki.',
    intro:
      'The Flashcard Builder picks the key terms of your material and pairs each with the sentence that explains it.',
    steps: [
      upload,
      { name: 'Choose how many cards', text: 'Pick between 1 and 50 cards and press "Build flashcards".' },
      { name: 'Study and export', text: 'Flip through the cards, then export them to CSV or Anki.' },
    ],
    benefits: ['Cards grounded in your material', 'Flip-card study mode', 'CSV and Anki export'],
  },
  {
    slug: 'ask-documents',
    tool: 'qa',
    name: 'Ask Your Documents',
    headline: 'Ask questions, get answers from your documents',
    description:
      'Ask a question about your uploaded documents and get an answer taken from the most relevant passages, with the sources shown.',
    intro:
      'Ask anything about your material: the tool finds the most relevant passages and answers with their sources.',
    steps: [
      upload,
      { name: 'Type your question', text: 'Write a question about the documents you selected.' },
      { name: 'Check the sources', text: 'Read the answer and open the cited passages to verify it.' },
    ],
    benefits: ['Answers with sources', 'Search across several documents', 'Nothing is stored'],
  },
  {
    slug: 'quiz-generator',
    tool: 'study-guide',
    name: 'Quiz & Study Guide Generator',
    headline: 'Generate a structured study guide',
    description: 'Build a study guide with topic sections from your documents, ready to review before a quiz or exam.',
    intro:
      'The generator groups your material into topics and writes a section for each one, citing where every part came from.',
    steps: [
      upload,
      { name: 'Generate the guide', text: 'Press "Generate study guide".' },
      { name: 'Review by topic', text: 'Work through the sections and open the cited passages.' },
    ],
    benefits: ['Sections by topic', 'Citations for every section', 'Saved for later review'],
  },
  {
    slug: 'trivia-game',
    tool: 'trivia-game',
    name: 'Trivia Game',
    headline: 'Play a trivia game built from your notes',
    description:
      'Test yourself with multiple-choice questions generated from your study material, then see your score with explanations.',
    intro: 'Play question by question; answers and explanations are revealed only after you submit.',
    steps: [
      upload,
      { name: 'Pick the difficulty', text: 'Choose easy, medium or hard and how many questions to play.' },
      { name: 'Play and review', text: 'Answer each question, submit, and read the explanations.' },
    ],
    benefits: ['Plausible answer options', 'Three difficulty levels', 'Scored results with explanations'],
  },
  {
    slug: 'pdf-summarizer',
    tool: 'summary',
    name: 'PDF Summarizer',
    headline: 'Summarize your PDFs',
    description: 'Upload a PDF and get a short summary and the key points, taken from the PDF’s own sentences.',
    intro: 'Drop in a PDF — lecture handouts, papers, textbook chapters — and get the gist in seconds.',
    steps: [
      uploadPdf,
      { name: 'Summarize', text: 'Press "Summarize".' },
      { name: 'Read the key points', text: 'Skim the summary and key points, each linked to the passage.' },
    ],
    benefits: ['Text extracted from every page', 'Summary and key points', 'Citations to the passages'],
  },
  {
    slug: 'lecture-notes-summarizer',
    tool: 'summary',
    name: 'Lecture Notes Summarizer',
    headline: 'Summarize your lecture notes',
    description: 'Condense long lecture notes into a summary and key points you can review before class.',
    intro: 'Upload your notes after a lecture and get the central ideas back in a few sentences.',
    steps: [
      upload,
      { name: 'Summarize the notes', text: 'Select the notes and press "Summarize".' },
      { name: 'Review before class', text: 'Use the key points as a quick review.' },
    ],
    benefits: ['Works with txt, Markdown, Word and PDF', 'Key points to review', 'Keeps your notes private'],
  },
  {
    slug: 'vocabulary-builder',
    tool: 'flashcards',
    name: 'Vocabulary Builder',
    headline: 'Build vocabulary flashcards from your readings',
    description:
      'Extract the key terms of a reading and learn them with flashcards that show each term in its original sentence.',
    intro: 'The Vocabulary Builder finds the terms that matter in your reading and makes a card for each.',
    steps: [
      upload,
      { name: 'Build the deck', text: 'Choose how many terms and press "Build flashcards".' },
      { name: 'Practice', text: 'Flip the cards and export them to Anki.' },
    ],
    benefits: ['Key terms in context', 'Anki export', 'Up to 50 cards per deck'],
  },
  {
    slug: 'chat-with-pdf',
    tool: 'qa',
    name: 'Chat with PDF',
    headline: 'Chat with your PDF',
    description:
      'Ask questions about a PDF and get answers drawn from its passages, with the page text they came from.',
    intro: 'Upload a PDF and ask it questions; every answer shows the passages it is based on.',
    steps: [
      uploadPdf,
      { name: 'Ask a question', text: 'Type your question and press "Ask".' },
      { name: 'Open the sources', text: 'Open a cited passage to read it in context.' },
    ],
    benefits: ['Answers grounded in the PDF', 'Cited passages', 'Ask as many questions as you need'],
  },
  {
    slug: 'exam-prep',
    tool: 'study-guide',
    name: 'Exam Prep',
    headline: 'Prepare for exams with a study guide',
    description: 'Turn a whole course’s documents into an exam-prep study guide organised by topic.',
    intro: 'Select your course documents and get a study guide organised by the topics that matter most.',
    steps: [
      upload,
      { name: 'Select the material', text: 'Pick the documents the exam covers.' },
      { name: 'Generate and review', text: 'Generate the guide and review it topic by topic.' },
    ],
    benefits: ['Covers several documents', 'Organised by topic', 'Citations to the sources'],
  },
  {
    slug: 'practice-test',
    tool: 'trivia-game',
    name: 'Practice Test',
    headline: 'Take a practice test on your material',
    description: 'Generate a multiple-choice practice test from your documents and get a score with explanations.',
    intro: 'A quick practice test from your own material: answer, submit, learn from the explanations.',
    steps: [
      upload,
      { name: 'Set up the test', text: 'Choose the number of questions and the difficulty.' },
      { name: 'Take the test', text: 'Answer the questions and submit for your score.' },
    ],
    benefits: ['Questions from your documents', 'Score and explanations', 'Easy, medium or hard'],
  },
  {
    slug: 'course-builder',
    tool: 'course',
    name: 'AI Course Builder',
    headline: 'Turn your documents into a study course',
    description:
      'Pick your documents, a topic and a level, and get a structured course with modules and lessons built from them.',
    intro:
      'Give a topic and a level, pick the documents that cover it, and get a course outline with modules and lessons grounded in them.',
    steps: [
      upload,
      { name: 'Enter a topic and a level', text: 'Type the topic and pick beginner, intermediate or advanced.' },
      {
        name: 'Follow the course',
        text: 'Work through the modules and lessons; your courses are saved on /ai-courses.',
      },
    ],
    benefits: ['Modules and lessons', 'Three levels', 'Built from your own documents'],
  },
]

export function toolPage(slug: string) {
  return TOOL_PAGES.find((p) => p.slug === slug) || null
}
