import { legalEn } from './en';
import { legalEs } from './es';
import { LEGAL_DOCS, LEGAL_PATHS, type LegalBlock, type LegalDocument } from './types';

const blockText = (block: LegalBlock): string[] => {
  switch (block.kind) {
    case 'p':
    case 'note':
      return [block.text];
    case 'list':
      return block.items;
    case 'terms':
      return block.items.flatMap((i) => [i.term, i.text]);
    case 'parties':
      return block.items.flatMap((i) => [i.name, i.purpose]);
    case 'links':
      return block.items.map((i) => i.label);
  }
};

/** Everything a reader sees of a document, as one string. */
const text = (doc: LegalDocument) =>
  [doc.title, doc.summary, ...doc.sections.flatMap((s) => [s.heading, ...s.blocks.flatMap(blockText)])].join('\n');

const languages = { es: legalEs, en: legalEn };
const known = new Set<string>([...Object.values(LEGAL_PATHS), '/contact', '/status']);

describe('legal documents', () => {
  it.each(LEGAL_DOCS)('%s exists in both languages with the same section ids', (id) => {
    const es = legalEs.docs[id];
    const en = legalEn.docs[id];
    expect(es.sections.length).toBeGreaterThan(3);
    expect(es.sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id));
    expect(new Set(es.sections.map((s) => s.id)).size).toBe(es.sections.length);
    for (const s of [...es.sections, ...en.sections]) {
      expect(s.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(s.heading.trim()).not.toBe('');
      expect(s.blocks.length).toBeGreaterThan(0);
    }
    expect(es.title).not.toBe(en.title);
  });

  it.each(Object.entries(languages))('%s: every section block has text and internal links go to real pages', (_, texts) => {
    for (const id of LEGAL_DOCS) {
      for (const section of texts.docs[id].sections) {
        for (const block of section.blocks) {
          expect(blockText(block).every((t) => t.trim() !== '')).toBe(true);
          if (block.kind === 'links') block.items.forEach((l) => expect(known).toContain(l.to));
        }
      }
    }
  });

  it('the privacy policy keeps data 90 days after cancellation, says what is deleted and answers in 30 business days', () => {
    const es = text(legalEs.docs.privacy);
    const en = text(legalEn.docs.privacy);
    expect(es).toMatch(/90 días/);
    expect(en).toMatch(/90 days/);
    expect(es).toMatch(/nombre, apellido, email, teléfono, foto de perfil/);
    expect(en).toMatch(/first name, last name, email, phone, profile photo/);
    expect(es).toMatch(/30 días hábiles/);
    expect(en).toMatch(/30 business days/);
    for (const t of [es, en]) {
      expect(t).toMatch(/argon2id/);
      expect(t).toMatch(/EXIF/);
      expect(t).toMatch(/13/);
    }
  });

  it('the terms give 30 days of notice for prices and require users to be 18', () => {
    const es = text(legalEs.docs.terms);
    const en = text(legalEn.docs.terms);
    expect(es).toMatch(/30 días de anticipación/);
    expect(en).toMatch(/30 days' notice/);
    expect(es).toMatch(/18 años/);
    expect(en).toMatch(/18 or older/);
    expect(es).toMatch(/0,99 USD[\s\S]*5,99 USD[\s\S]*39,99 USD/);
    expect(en).toMatch(/0\.99 USD[\s\S]*5\.99 USD[\s\S]*39\.99 USD/);
    expect(es).toMatch(/prueba gratuita de 30 días, sin tarjeta/);
    expect(en).toMatch(/30-day free trial, with no credit card/);
  });

  it('privacy and GDPR pages state the same retention periods', () => {
    for (const doc of [legalEs.docs.privacy, legalEs.docs.gdpr]) {
      expect(text(doc)).toMatch(/3 años[\s\S]*7 años[\s\S]*26 meses[\s\S]*90 días/);
    }
    for (const doc of [legalEn.docs.privacy, legalEn.docs.gdpr]) {
      expect(text(doc)).toMatch(/3 years[\s\S]*7 years[\s\S]*26 months[\s\S]*90 days/);
    }
  });

  it('the GDPR page lists eight rights with their articles and the response deadline', () => {
    const es = legalEs.docs.gdpr.sections.find((s) => s.id === 'rights')!;
    const en = legalEn.docs.gdpr.sections.find((s) => s.id === 'rights')!;
    for (const section of [es, en]) {
      const block = section.blocks[0]!;
      expect(block.kind).toBe('terms');
      if (block.kind !== 'terms') return;
      expect(block.items).toHaveLength(8);
      const articles = block.items.map((i) => i.term.match(/\d+/)?.[0]).filter(Boolean);
      expect(articles).toEqual(['15', '16', '17', '18', '20', '21', '22']);
    }
    expect(text(legalEs.docs.gdpr)).toMatch(/un mes, que puede extenderse dos meses más/);
    expect(text(legalEn.docs.gdpr)).toMatch(/one month, which can be extended by two more months/);
    expect(text(legalEs.docs.gdpr)).toMatch(/Agencia de Acceso a la Información Pública/);
  });

  it('the cookie policy names each social network with a link to its privacy policy', () => {
    for (const texts of Object.values(languages)) {
      const section = texts.docs.cookies.sections.find((s) => s.id === 'third-parties')!;
      const parties = section.blocks.find((b) => b.kind === 'parties');
      expect(parties?.kind === 'parties' && parties.items.map((p) => p.name)).toEqual(['X', 'Facebook', 'LinkedIn']);
      if (parties?.kind === 'parties') parties.items.forEach((p) => expect(p.policyUrl).toMatch(/^https:\/\//));
      expect(text(texts.docs.cookies)).toMatch(/localStorage/);
    }
  });

  it('claims nothing Nido does not do', () => {
    for (const texts of Object.values(languages)) {
      for (const id of LEGAL_DOCS) {
        const t = text(texts.docs[id]);
        expect(t).not.toMatch(/extremo a extremo|end-to-end|\bSMS\b/i);
      }
    }
  });
});
