import { sitePath } from '@agency/contracts/site-routes';
import { Calendar, Mail, User } from 'lucide-react';
import type { BlogPost } from '@agency/contracts/browser';
import { Badge, Card, Container, buttonClasses, LabelledList } from '@agency/ui';
import { useBlogPosts } from '../api/get-blog-posts';
import { blogTopics, postDateLabel, postDateTime, truncateExcerpt } from '../post-display';
import { CardLink, CardSkeletons, ComingSoon, LoadError, PageHero } from '../../shared/page-states';

export function BlogPage() {
  const { data, isPending, isError } = useBlogPosts();
  if (isError) return <LoadError title="Unable to Load Blog Posts" />;
  const [featured, ...latest] = data ?? [];
  const chips = ['All', ...blogTopics(data ?? [])];

  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Insights That Drive Growth"
        intro="Practical advice on SEO, paid media, analytics and strategy from the senior team doing the work."
      >
        {/* Decorative: the chips name the topics the posts cover; they do not filter. */}
        <LabelledList label="Topics we write about" className="mt-8 flex flex-wrap justify-center gap-2">
          {chips.map((c) => (
            <li
              key={c}
              className={
                c === 'All'
                  ? 'rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-ink-900'
                  : 'rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-slate-200 ring-1 ring-white/15'
              }
            >
              {c}
            </li>
          ))}
        </LabelledList>
      </PageHero>

      {isPending ? (
        <section className="bg-slate-50 py-16">
          <Container>
            <CardSkeletons
              count={6}
              label="Loading articles…"
              testId="blog-skeleton"
              className="md:grid-cols-2 lg:grid-cols-3"
            />
          </Container>
        </section>
      ) : (
        <>
          {featured ? (
            <section aria-labelledby="featured-heading" className="py-16 sm:py-20">
              <Container>
                <h2 id="featured-heading" className="text-2xl font-bold text-ink-900 sm:text-3xl">
                  Featured Article
                </h2>
                <FeaturedPost post={featured} />
              </Container>
            </section>
          ) : null}

          <section aria-labelledby="latest-heading" className="bg-slate-50 py-16 sm:py-20">
            <Container>
              {latest.length > 0 ? (
                <>
                  <h2 id="latest-heading" className="text-2xl font-bold text-ink-900 sm:text-3xl">
                    Latest Articles
                  </h2>
                  <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                    {latest.map((post) => (
                      <li key={post.id} className="flex">
                        <PostCard post={post} />
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <>
                  <h2 id="latest-heading" className="sr-only">
                    Latest Articles
                  </h2>
                  <ComingSoon
                    title="Blog Coming Soon"
                    message="We're preparing in-depth articles on growth marketing. Get in touch, or browse our free resources in the meantime."
                    links={[
                      { to: '/contact', label: 'Talk to Our Team' },
                      { to: '/resources', label: 'Browse Resources' },
                    ]}
                  />
                </>
              )}
            </Container>
          </section>
        </>
      )}

      <section className="bg-ink-950 py-16 text-white">
        <Container className="flex flex-col items-center gap-4 text-center">
          <Mail className="h-10 w-10 text-brand-300" aria-hidden="true" />
          <h2 className="text-3xl font-bold tracking-tight">Never Miss an Insight</h2>
          <p className="max-w-xl text-slate-300">
            Get our latest articles and growth playbooks in your inbox. No spam, unsubscribe anytime.
          </p>
          <a href="#newsletter" className={buttonClasses('inverse', 'lg', 'mt-2')}>
            Subscribe to Our Newsletter
          </a>
        </Container>
      </section>
    </>
  );
}

function Byline({ post }: { post: BlogPost }) {
  const dateTime = postDateTime(post);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1.5">
        <User className="h-4 w-4" aria-hidden="true" />
        {post.author}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Calendar className="h-4 w-4" aria-hidden="true" />
        {dateTime ? <time dateTime={dateTime}>{postDateLabel(post)}</time> : postDateLabel(post)}
      </span>
    </div>
  );
}

function FeaturedPost({ post }: { post: BlogPost }) {
  return (
    <Card
      data-testid="featured-article"
      className="group relative mt-8 grid overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md lg:grid-cols-5"
    >
      <div
        aria-hidden="true"
        className="flex min-h-48 items-end bg-gradient-to-br from-brand-700 via-brand-600 to-accent-500 p-8 lg:col-span-2"
      >
        <span className="text-6xl font-black tracking-tight text-white/25">{post.category}</span>
      </div>
      <div className="flex flex-col p-6 sm:p-10 lg:col-span-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="dark">Featured</Badge>
          <Badge tone="brand">{post.category}</Badge>
        </div>
        <h3 className="mt-4 text-2xl font-bold text-ink-900 sm:text-3xl">{post.title}</h3>
        <p className="mt-3 text-lg text-slate-600">{post.excerpt}</p>
        <div className="mt-5">
          <Byline post={post} />
        </div>
        <CardLink
          to={sitePath('blog-post', { slug: post.slug })}
          label="Read Article"
          itemTitle={post.title}
          className="mt-6"
        />
      </div>
    </Card>
  );
}

function PostCard({ post }: { post: BlogPost }) {
  return (
    <Card
      data-testid="blog-card"
      className="group relative flex w-full flex-col p-6 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone="brand">{post.category}</Badge>
      </div>
      <h3 className="mt-4 text-lg font-bold text-ink-900">{post.title}</h3>
      <p className="mt-2 text-slate-600" data-testid="blog-card-excerpt">
        {truncateExcerpt(post.excerpt)}
      </p>
      <div className="mt-5">
        <Byline post={post} />
      </div>
      <CardLink
        to={sitePath('blog-post', { slug: post.slug })}
        label="Read More"
        itemTitle={post.title}
        className="mt-auto pt-5"
      />
    </Card>
  );
}
