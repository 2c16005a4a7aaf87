import { ErrorPage } from '~/components/error_page'

/** A 500 never shows the underlying message. */
export default function Page(_props: { status: number; message?: string }) {
  return <ErrorPage status={500} title="Something went wrong" text="Please try again in a moment." />
}
