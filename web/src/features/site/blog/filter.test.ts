import { BLOG_SLUGS, buildPosts } from '../../../content/blog/posts';
import { blogEs } from '../../../content/blog/es';
import { filterPosts, relatedPosts, shareUrl } from './filter';

const sample = [
  { id: 'a', title: 'Comunicación efectiva', excerpt: 'Cómo hablar con el otro progenitor', category: 'coparenting' },
  { id: 'b', title: 'Herramientas digitales', excerpt: 'Calendarios y MENSAJES compartidos', category: 'technology' },
  { id: 'c', title: 'Aspectos legales', excerpt: 'La cuota alimentaria', category: 'legal' },
  { id: 'd', title: 'Emociones', excerpt: 'Hablar con los chicos', category: 'wellbeing' },
];
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('filterPosts', () => {
  it('returns everything with an empty search and "all"', () => {
    expect(ids(filterPosts(sample, '', 'all'))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(filterPosts(sample, '   ', 'all'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('matches the title or the excerpt, ignoring case', () => {
    expect(ids(filterPosts(sample, 'HERRAMIENTAS', 'all'))).toEqual(['b']);
    expect(ids(filterPosts(sample, 'mensajes', 'all'))).toEqual(['b']);
    expect(ids(filterPosts(sample, 'hablar', 'all'))).toEqual(['a', 'd']);
  });

  it('ignores accents so Spanish words match when typed without them', () => {
    expect(ids(filterPosts(sample, 'comunicacion', 'all'))).toEqual(['a']);
  });

  it('does not search in the category', () => {
    expect(filterPosts(sample, 'technology', 'all')).toEqual([]);
  });

  it('filters by category unless it is "all"', () => {
    expect(ids(filterPosts(sample, '', 'legal'))).toEqual(['c']);
    expect(filterPosts(sample, '', 'updates')).toEqual([]);
  });

  it('requires both the text and the category to match', () => {
    expect(ids(filterPosts(sample, 'hablar', 'wellbeing'))).toEqual(['d']);
    expect(filterPosts(sample, 'cuota', 'technology')).toEqual([]);
  });
});

describe('relatedPosts', () => {
  it('gives the first two other posts', () => {
    expect(ids(relatedPosts(sample, sample[0]!))).toEqual(['b', 'c']);
    expect(ids(relatedPosts(sample, sample[1]!))).toEqual(['a', 'c']);
    expect(ids(relatedPosts(sample, sample[3]!))).toEqual(['a', 'b']);
  });
});

describe('shareUrl', () => {
  const page = 'https://nido.app/blog/tecnologia-coparentalidad?x=1';
  it('builds each network link with the encoded page address', () => {
    expect(shareUrl('twitter', page, 'Tecnología & familia')).toBe(
      'https://twitter.com/intent/tweet?text=Tecnolog%C3%ADa%20%26%20familia&url=https%3A%2F%2Fnido.app%2Fblog%2Ftecnologia-coparentalidad%3Fx%3D1',
    );
    expect(shareUrl('facebook', page, 'x')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fnido.app%2Fblog%2Ftecnologia-coparentalidad%3Fx%3D1',
    );
    expect(shareUrl('linkedin', page, 'x')).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fnido.app%2Fblog%2Ftecnologia-coparentalidad%3Fx%3D1',
    );
  });
});

describe('blog content', () => {
  it('has the four posts of the spec with unique slugs', () => {
    const posts = buildPosts(blogEs);
    expect(posts.map((p) => [p.category, p.readTime, p.featured])).toEqual([
      ['coparenting', 8, true],
      ['technology', 6, false],
      ['wellbeing', 10, true],
      ['legal', 12, false],
    ]);
    expect(new Set(BLOG_SLUGS).size).toBe(4);
    expect(BLOG_SLUGS).toEqual(posts.map((p) => p.slug));
  });
});
