import { useMemo } from 'react';
import { useParams } from 'react-router';
import { blogEn } from '../../../content/blog/en';
import { blogEs } from '../../../content/blog/es';
import { buildPosts } from '../../../content/blog/posts';
import { useLocalized } from '../../../content/localized';
import { BlogList } from './BlogList';
import { BlogPostView } from './BlogPostView';

/**
 * /blog and /blog/:slug (spec §4 "Blog view"): the post when the slug matches one; for a slug that
 * matches none, the list under a notice that the post does not exist (the server answers 404).
 */
export default function BlogPage() {
  const { slug } = useParams();
  const texts = useLocalized({ es: blogEs, en: blogEn });
  const posts = useMemo(() => buildPosts(texts), [texts]);
  const post = slug ? posts.find((candidate) => candidate.slug === slug) : undefined;

  if (post) return <BlogPostView key={post.id} post={post} posts={posts} ui={texts.ui} />;
  return <BlogList posts={posts} ui={texts.ui} missing={slug !== undefined} />;
}
