import { postsEn } from './posts.en';
import type { BlogTexts } from './types';

export const blogEn: BlogTexts = {
  ui: {
    title: 'Blog',
    lead: 'Ideas, experience and guides for organising shared parenting more calmly.',
    metaDescription:
      'Articles on co-parenting: communication between separated parents, children’s emotional well-being, technology and the legal side in Argentina.',
    searchLabel: 'Search the blog',
    searchPlaceholder: 'Search by title or summary',
    categoriesLabel: 'Categories',
    categories: {
      all: 'All',
      coparenting: 'Co-parenting',
      tips: 'Tips',
      technology: 'Technology',
      legal: 'Legal',
      wellbeing: 'Well-being',
      updates: 'Updates',
    },
    featured: 'Featured',
    allPosts: 'All posts',
    results: 'Results',
    resultCount: (n) => (n === 1 ? '1 post' : `${n} posts`),
    noPosts: 'No posts found.',
    noPostsHint: 'Try other words or another category.',
    showAll: 'See all posts',
    postMissingTitle: 'This post does not exist',
    postMissingBody: 'The link may be mistyped, or the post is no longer here. These are all the posts we have.',
    readMore: 'Read article',
    minRead: (minutes) => `${minutes} min read`,
    by: 'By',
    publishedOn: 'Published on',
    tags: 'Tags',
    share: 'Share',
    shareOn: {
      twitter: 'Share on X (Twitter)',
      facebook: 'Share on Facebook',
      linkedin: 'Share on LinkedIn',
    },
    related: 'Related posts',
    backToBlog: 'Back to the blog',
  },
  author: 'The Nido team',
  posts: postsEn,
};
