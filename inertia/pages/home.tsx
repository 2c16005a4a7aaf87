import { Head } from '@inertiajs/react'

export default function Home() {
  return (
    <>
      <Head title="StudyHub">
        <meta name="description" content="Study material platform" />
      </Head>
      <main className="p-8">
        <h1 className="text-3xl font-bold">StudyHub</h1>
      </main>
    </>
  )
}
