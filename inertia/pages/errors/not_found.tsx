import { ErrorPage } from '~/components/error_page'

export default function Page({ message }: { status: number; message?: string }) {
  return <ErrorPage status={404} title="Page not found" text={message || 'We could not find that page.'} />
}
