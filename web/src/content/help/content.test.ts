import { isLive } from '../../lib/areas';
import { buildArticle, findArticle, tocOf } from './article';
import {
  articleMeta,
  articlesOf,
  HELP_ARTICLE_IDS,
  HELP_ARTICLES,
  HELP_CATEGORY_IDS,
  HELP_PATHS,
  POPULAR_ARTICLE_IDS,
  resolveRelated,
} from './catalog';
import en from './en';
import es from './es';

/** Spec §2: the article ids of each category. */
const SPEC: Record<string, string[]> = {
  'getting-started': ['create-account', 'invite-coparent', 'first-steps'],
  account: ['change-password', 'notification-settings', 'profile-setup'],
  communication: ['send-message', 'share-photos'],
  calendar: ['create-event', 'custody-schedule'],
  expenses: ['add-expense', 'split-expenses'],
  documents: ['upload-doc', 'organize-doc'],
  troubleshooting: ['login-issues', 'notification-issues'],
};

describe('help catalog', () => {
  it('has the seven categories of the spec, in order', () => {
    expect(HELP_CATEGORY_IDS).toEqual(Object.keys(SPEC));
  });

  it('has exactly the 16 articles of the spec, each in its category', () => {
    for (const [category, ids] of Object.entries(SPEC)) {
      expect(articlesOf(category).map((a) => a.id)).toEqual(ids);
    }
    expect(HELP_ARTICLES).toHaveLength(16);
    expect(new Set(HELP_ARTICLES.map((a) => a.id)).size).toBe(16);
    expect([...HELP_ARTICLE_IDS].sort()).toEqual(HELP_ARTICLES.map((a) => a.id).sort());
  });

  it('dates every article in 2026 and gives it a read time', () => {
    for (const a of HELP_ARTICLES) {
      expect(a.lastUpdated).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(Number.isNaN(new Date(a.lastUpdated).getTime())).toBe(false);
      expect(a.readTime).toBeGreaterThan(0);
    }
  });

  it('points the popular topics at existing articles with the spec read times', () => {
    expect(POPULAR_ARTICLE_IDS.map((id) => [id, articleMeta(id)?.readTime])).toEqual([
      ['create-account', 3],
      ['invite-coparent', 2],
      ['change-password', 4],
      ['create-event', 5],
      ['add-expense', 6],
    ]);
  });

  it('only relates articles that exist, never the article itself', () => {
    for (const a of HELP_ARTICLES) {
      expect(a.related.length).toBeGreaterThan(0);
      for (const id of a.related) expect(articleMeta(id), `${a.id} → ${id}`).toBeDefined();
      expect(a.related).not.toContain(a.id);
    }
  });

  it('resolves related ids in order, skipping unknown ids and the article itself', () => {
    expect(resolveRelated(['no-such-article', 'login-issues', 'create-account', 'ghost'], 'create-account').map((a) => a.id)).toEqual([
      'login-issues',
    ]);
    expect(resolveRelated([])).toEqual([]);
  });

  it('lists every help path once for the sitemap', () => {
    expect(HELP_PATHS).toHaveLength(1 + 7 + 16);
    expect(new Set(HELP_PATHS).size).toBe(HELP_PATHS.length);
    expect(HELP_PATHS).toContain('/help');
    expect(HELP_PATHS).toContain('/help/troubleshooting');
    expect(HELP_PATHS).toContain('/help/getting-started/create-account');
    expect(HELP_PATHS).toContain('/help/documents/organize-doc');
  });
});

describe('help texts', () => {
  it('exist for every article in both languages with the same shape', () => {
    for (const { id } of HELP_ARTICLES) {
      const [a, b] = [es.articles[id], en.articles[id]];
      expect(a.title && b.title && a.excerpt && b.excerpt && a.intro && b.intro).toBeTruthy();
      expect(a.steps.length).toBeGreaterThanOrEqual(3);
      expect(a.steps.length).toBeLessThanOrEqual(6);
      expect(b.steps.length, id).toBe(a.steps.length);
      a.steps.forEach((step, i) => {
        const other = b.steps[i]!;
        expect(step.content.length, `${id} step ${i + 1}`).toBe(other.content.length);
        expect(step.list?.length, `${id} step ${i + 1} list`).toBe(other.list?.length);
        expect(Boolean(step.tip), `${id} step ${i + 1} tip`).toBe(Boolean(other.tip));
      });
    }
  });

  it('have a title and description for every category in both languages', () => {
    for (const id of HELP_CATEGORY_IDS) {
      expect(es.categories[id].title).not.toBe('');
      expect(en.categories[id].description).not.toBe('');
    }
  });

  it('say "coming soon" exactly for the areas that are not live (lib/areas.ts)', () => {
    const soonEs = /próximamente|llega pronto|está en camino|en construcción|en desarrollo|estamos construyendo/i;
    const soonEn = /coming soon|on its way|being built|in development|we are building/i;
    for (const meta of HELP_ARTICLES) {
      const live = meta.area === undefined || isLive(meta.area);
      const textEs = JSON.stringify(es.articles[meta.id]);
      const textEn = JSON.stringify(en.articles[meta.id]);
      if (live) {
        expect(textEs, meta.id).not.toMatch(soonEs);
        expect(textEn, meta.id).not.toMatch(soonEn);
      } else {
        expect(es.articles[meta.id].intro + es.articles[meta.id].excerpt, meta.id).toMatch(soonEs);
        expect(en.articles[meta.id].intro + en.articles[meta.id].excerpt, meta.id).toMatch(soonEn);
      }
    }
  });

  it('present the account features that exist today as available', () => {
    for (const id of ['change-password', 'profile-setup', 'login-issues'] as const) {
      expect(JSON.stringify(es.articles[id])).not.toMatch(/próximamente|llega pronto|está en camino/);
      expect(JSON.stringify(en.articles[id])).not.toMatch(/coming soon|on its way/);
    }
    // The account's own mails are not notices: always sent, with the links' real lifetimes.
    expect(es.articles['notification-settings'].steps[1]!.tip).toMatch(/no se pueden desactivar/);
    expect(en.articles['notification-settings'].steps[1]!.tip).toMatch(/cannot be turned off/);
    const linksEs = es.articles['notification-issues'].steps.at(-1)!.content.join(' ');
    const linksEn = en.articles['notification-issues'].steps.at(-1)!.content.join(' ');
    expect(linksEs).toMatch(/1 hora[\s\S]*24 horas[\s\S]*7 días/);
    expect(linksEn).toMatch(/1 hour[\s\S]*24 hours[\s\S]*7 days/);
  });
});

describe('articles', () => {
  it('derive the table of contents from the steps', () => {
    const article = buildArticle(es, articleMeta('first-steps')!);
    expect(article.toc.map((t) => t.id)).toEqual(['step1', 'step2', 'step3', 'step4', 'step5', 'step6']);
    expect(article.toc[1]!.title).toBe(es.articles['first-steps'].steps[1]!.title);
    expect(tocOf([])).toEqual([]);
  });

  it('are found only in their own category', () => {
    expect(findArticle(en, 'account', 'change-password')?.title).toBe('Change your password');
    expect(findArticle(en, 'calendar', 'change-password')).toBeUndefined();
    expect(findArticle(en, 'account', 'nope')).toBeUndefined();
    expect(findArticle(en, undefined, undefined)).toBeUndefined();
  });
});
