import { ErrorPage } from '~/components/error_page'

export default function Page({ message }: { status: number; message?: string }) {
  return <ErrorPage status={400} title="Bad request" text={message || 'The request could not be understood.'} />
}
