import { sitePath } from '@agency/contracts/site-routes';
import { Link, useParams } from '@agency/ui/router';
import { Calendar, Mail, MessageCircle, User } from 'lucide-react';
import { NOT_FOUND_HEADINGS, blogPostHead, type BlogPost } from '@agency/contracts/browser';
import { Badge, Card, Container, Skeleton, buttonClasses, LabelledList } from '@agency/ui';
import { useBlogPost } from '../api/get-blog-post';
import { useBlogPosts } from '../api/get-blog-posts';
import { HEADER_TAG_LIMIT, postDateLabel, postDateTime } from '../post-display';
import { BackLink, ItemColumns, ItemStates, MoreBand } from '../../shared/page-states';
import { blogBodyHtml, richTextClasses, withResponsiveImages } from '@agency/ui/rich-text';
import { ShareButton } from './share-button';

export function BlogPostPage() {
  const slug = useParams()['slug'] ?? '';
  const query = useBlogPost(slug);
  return (
    <ItemStates
      query={query}
      // A malformed slug: the query never runs.
      missing={query.isPending && query.fetchStatus === 'idle'}
      notFound={{
        title: NOT_FOUND_HEADINGS['blog-post'],
        message: "The article you're looking for doesn't exist or has been moved.",
        linkTo: '/blog',
        linkLabel: 'Back to Blog',
      }}
      head={{ route: 'blog-post', of: (post) => (site, path) => blogPostHead(site, path, post) }}
      skeleton={<PostSkeleton />}
    >
      {(post) => <Post post={post} />}
    </ItemStates>
  );
}

function PostSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading article…</span>
      <div className="bg-ink-950 pb-16 pt-32">
        <Container className="max-w-4xl">
          <Skeleton className="h-4 w-32 bg-white/20" />
          <Skeleton className="mt-6 h-10 w-full bg-white/20" />
          <Skeleton className="mt-4 h-5 w-2/3 bg-white/20" />
        </Container>
      </div>
      <Container className="max-w-4xl py-12">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="mt-3 h-4 w-full" />
        ))}
      </Container>
    </div>
  );
}

function Post({ post }: { post: BlogPost }) {
  const dateTime = postDateTime(post);
  const initial = post.author.trim().charAt(0).toUpperCase() || '?';
  return (
    <article>
      <header className="bg-ink-950 pb-14 pt-32 text-white sm:pt-36">
        <Container className="max-w-4xl">
          <BackLink to="/blog" label="Back to Blog" />
          <div className="mt-6">
            <Badge tone="brand">{post.category}</Badge>
          </div>
          <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-5xl">{post.title}</h1>
          <p className="mt-5 text-lg text-slate-300 sm:text-xl">{post.excerpt}</p>
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-slate-300">
            <span className="inline-flex items-center gap-2">
              <User className="h-4 w-4" aria-hidden="true" />
              {post.author}
            </span>
            <span className="inline-flex items-center gap-2">
              <Calendar className="h-4 w-4" aria-hidden="true" />
              {dateTime ? <time dateTime={dateTime}>{postDateLabel(post)}</time> : postDateLabel(post)}
            </span>
            {post.tags.length > 0 ? (
              <LabelledList label="Tags" data-testid="header-tags" className="flex flex-wrap gap-2">
                {post.tags.slice(0, HEADER_TAG_LIMIT).map((t) => (
                  <li key={t}>
                    <Badge className="bg-white/10! text-white! ring-1 ring-white/15">#{t}</Badge>
                  </li>
                ))}
              </LabelledList>
            ) : null}
            <span className="sm:ml-auto">
              <ShareButton title={post.title} text={post.excerpt} />
            </span>
          </div>
        </Container>
      </header>

      <ItemColumns
        className="max-w-6xl"
        sidebarTestId="post-sidebar"
        sidebar={
          <>
            <Card className="p-6">
              <h2 className="text-lg font-bold text-ink-900">About the Author</h2>
              <div className="mt-4 flex items-center gap-4">
                <span
                  aria-hidden="true"
                  data-testid="author-initial"
                  className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-accent-500 text-xl font-bold text-white"
                >
                  {initial}
                </span>
                <div>
                  <p className="font-semibold text-ink-900">{post.author}</p>
                  {post.authorRole ? <p className="text-sm text-slate-600">{post.authorRole}</p> : null}
                </div>
              </div>
              <p className="mt-4 text-sm text-slate-600">
                Writes about {post.category} from hands-on client work, not theory.
              </p>
            </Card>
            <Card className="p-6">
              <h2 className="flex items-center gap-2 text-lg font-bold text-ink-900">
                <Mail className="h-5 w-5 text-brand-700" aria-hidden="true" />
                Stay Updated
              </h2>
              <p className="mt-2 text-sm text-slate-600">Get new articles and playbooks in your inbox.</p>
              <a href="#newsletter" className={buttonClasses('primary', 'md', 'mt-4 w-full')}>
                Subscribe
              </a>
            </Card>
            <div className="rounded-2xl bg-ink-950 p-6 text-white">
              <h2 className="flex items-center gap-2 text-lg font-bold">
                <MessageCircle className="h-5 w-5 text-brand-300" aria-hidden="true" />
                Need Help?
              </h2>
              <p className="mt-2 text-sm text-slate-300">
                Want experts to put this into practice for you? Book a free strategy session.
              </p>
              <Link to="/contact" className={buttonClasses('inverse', 'md', 'mt-4 w-full')}>
                Get in Touch
              </Link>
            </div>
          </>
        }
      >
        <div
          data-testid="post-body"
          className={richTextClasses}
          // Sanitized with DOMPurify first, then library images become <picture>: see @agency/ui/rich-text.
          dangerouslySetInnerHTML={{
            __html: withResponsiveImages(blogBodyHtml(post.content, post.contentFormat), post.images),
          }}
        />
        <PostTags tags={post.tags} />
      </ItemColumns>

      <RelatedArticles post={post} />
    </article>
  );
}

/** How many other articles the closing band names. */
const RELATED_LIMIT = 3;

/**
 * Other articles, those of the post's category first: the closing band names them and links to the
 * blog. With no other article (or while the list is not there) there is no band at all.
 */
function RelatedArticles({ post }: { post: BlogPost }) {
  const list = useBlogPosts();
  const others = (list.data ?? []).filter((p) => p.id !== post.id && p.slug !== post.slug);
  const related = [
    ...others.filter((p) => p.category === post.category),
    ...others.filter((p) => p.category !== post.category),
  ].slice(0, RELATED_LIMIT);
  if (related.length === 0) return null;
  return (
    <MoreBand
      title="Related Articles"
      text="Explore more insights from our team."
      linkTo="/blog"
      linkLabel="View All Articles"
    >
      <ul className="grid w-full max-w-3xl gap-3 text-left sm:grid-cols-3" data-testid="related-articles">
        {related.map((p) => (
          <li key={p.id}>
            <Link
              to={sitePath('blog-post', { slug: p.slug })}
              className="block h-full rounded-xl border border-slate-200 bg-white p-4 font-semibold text-ink-900 hover:border-brand-300 hover:text-brand-800"
            >
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </MoreBand>
  );
}

/** All the post's tags, below its body. */
function PostTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <section className="mt-12 border-t border-slate-200 pt-6">
      <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-600">Tags</h2>
      <ul data-testid="all-tags" className="mt-3 flex flex-wrap gap-2">
        {tags.map((t) => (
          <li key={t}>
            <Badge>#{t}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
