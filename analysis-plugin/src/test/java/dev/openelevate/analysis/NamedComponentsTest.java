package dev.openelevate.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.junit.jupiter.api.Test;

/** src/plugin/named_components.json is written by hand: it must name every factory exactly as its annotation does. */
class NamedComponentsTest {

  @Test
  void namedComponentsJsonMatchesTheAnnotatedClasses() throws Exception {
    String json = Files.readString(Path.of("src/plugin/named_components.json"));
    Map<String, String> listed = new TreeMap<>();
    Matcher m = Pattern.compile("\"(elevate_\\w+)\"\\s*:\\s*\"([\\w.]+)\"").matcher(json);
    while (m.find()) listed.put(m.group(1), m.group(2));

    Map<String, String> annotated = new TreeMap<>();
    try (var files = Files.list(Path.of("target/classes/dev/openelevate/analysis"))) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String name = f.getFileName().toString();
        if (!name.endsWith(".class") || name.contains("$")) continue;
        Class<?> c = Class.forName("dev.openelevate.analysis." + name.replace(".class", ""));
        NamedComponent nc = c.getAnnotation(NamedComponent.class);
        if (nc != null && TokenFilterFactory.class.isAssignableFrom(c)) annotated.put(nc.value(), c.getName());
      }
    }
    assertEquals(annotated, listed);
  }
}
