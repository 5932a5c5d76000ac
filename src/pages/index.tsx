import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import ApiDownloadList from '../components/Home/ApiDownloadList';
import AreaCards from '../components/Home/AreaCards';
import Hero from '../components/Home/Hero';

export default function Home(): ReactNode {
  return (
    <Layout
      title="Home"
      description="Install docs, API references and user manuals of the document-signing and document-trust platform."
    >
      <main>
        <Hero />
        <AreaCards />
        <ApiDownloadList />
      </main>
    </Layout>
  );
}
