import { getSiteContent } from "#app/models/site-content.server";
import type { Route } from "./+types/home";

export async function loader() {
  return getSiteContent(["hero"]);
}

export const meta: Route.MetaFunction = () => [
  { title: "Mafunzo Training & Consultancy | Management training in East Africa" },
  {
    name: "description",
    content: "Management training and consultancy for organisations in Kenya and East Africa since 2000.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero } = loaderData;
  return (
    <section className="bg-brand-800 px-4 py-24 text-white">
      <div className="mx-auto max-w-5xl">
        <h1 className="text-4xl font-bold sm:text-5xl">{hero.headline}</h1>
        <p className="mt-6 max-w-2xl text-lg text-brand-100">{hero.tagline}</p>
      </div>
    </section>
  );
}
