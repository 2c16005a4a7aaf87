import { ErrorPage } from '~/components/error_page'

export default function Page({ message }: { status: number; message?: string }) {
  return <ErrorPage status={403} title="Access denied" text={message || 'You do not have access to this page.'} />
}
