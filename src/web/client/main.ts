// Entry of the proof page bundle: picks the page from <body data-kind> and reports failures on the page.
import { eventPage } from './event-page';
import { aiPage } from './ai-page';
import { documentPage } from './document-page';
import { tracePage } from './trace-page';
import { banner, mount } from './dom';

const pages: Record<string, () => Promise<void>> = {
  event: eventPage,
  ai: aiPage,
  document: documentPage,
  trace: tracePage,
};

const page = pages[document.body.dataset.kind ?? ''];
if (page) {
  page().catch((e) => {
    mount(
      banner(
        'notfound',
        null,
        'Proof unavailable',
        `The page failed while checking the proof: ${(e as Error).message}`,
      ),
    );
  });
}
