//! The registry of frontend-execute tools: tools that run in the browser (SPEC §1, §6, §7).

use crate::error::AdkError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Geolocation,
    Camera,
    Microphone,
    Notification,
    Clipboard,
    Other,
}

impl Category {
    pub const ALL: [Category; 6] = [
        Category::Geolocation,
        Category::Camera,
        Category::Microphone,
        Category::Notification,
        Category::Clipboard,
        Category::Other,
    ];

    pub fn parse(category: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == category)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Geolocation => "geolocation",
            Category::Camera => "camera",
            Category::Microphone => "microphone",
            Category::Notification => "notification",
            Category::Clipboard => "clipboard",
            Category::Other => "other",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontendTool {
    pub name: String,
    pub category: Category,
    pub description: Option<String>,
    /// Whether the tool may run only after the user approves it. The backend decides whether it
    /// asks; this is the browser's own guard (SPEC §4: never run without an approving answer).
    pub requires_approval: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registry {
    tools: Vec<FrontendTool>,
}

impl Default for Registry {
    /// The default registry of SPEC §1: `get_location`, `take_photo`, `get_camera`.
    fn default() -> Self {
        let tool = |name: &str, category, description: &str| FrontendTool {
            name: name.to_string(),
            category,
            description: Some(description.to_string()),
            requires_approval: true,
        };
        Registry {
            tools: vec![
                tool(
                    "get_location",
                    Category::Geolocation,
                    "The user's position from the browser's geolocation",
                ),
                tool(
                    "take_photo",
                    Category::Camera,
                    "A photo from the user's camera",
                ),
                tool(
                    "get_camera",
                    Category::Camera,
                    "Access to the user's camera",
                ),
            ],
        }
    }
}

impl Registry {
    pub fn empty() -> Self {
        Registry { tools: Vec::new() }
    }

    pub fn contains(&self, name: &str) -> bool {
        self.tools.iter().any(|tool| tool.name == name)
    }

    pub fn get(&self, name: &str) -> Option<&FrontendTool> {
        self.tools.iter().find(|tool| tool.name == name)
    }

    pub fn tools(&self) -> &[FrontendTool] {
        &self.tools
    }

    pub fn by_category(&self, category: Category) -> impl Iterator<Item = &FrontendTool> {
        self.tools
            .iter()
            .filter(move |tool| tool.category == category)
    }

    /// Adds a tool, or replaces the one of the same name (re-registering is how an app changes a
    /// default tool's category or description).
    pub fn register(&mut self, tool: FrontendTool) -> Result<(), AdkError> {
        if tool.name.trim().is_empty() {
            return Err(AdkError::InvalidTool {
                what: "registerFrontendExecuteTool(): `name` is empty; expected the tool's name as the backend calls it."
                    .to_string(),
            });
        }
        match self.tools.iter_mut().find(|t| t.name == tool.name) {
            Some(existing) => *existing = tool,
            None => self.tools.push(tool),
        }
        Ok(())
    }

    pub fn parse_category(category: &str) -> Result<Category, AdkError> {
        Category::parse(category).ok_or_else(|| AdkError::InvalidTool {
            what: format!(
                "registerFrontendExecuteTool(): category '{}' is not known; expected one of \
                 geolocation, camera, microphone, notification, clipboard, other.",
                crate::model::shown(category)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_registry_holds_the_spec_tools() {
        let r = Registry::default();
        assert!(r.contains("get_location") && r.contains("take_photo") && r.contains("get_camera"));
        assert!(!r.contains("process_payment") && !r.contains("change_bgm"));
        assert_eq!(r.by_category(Category::Camera).count(), 2);
    }

    #[test]
    fn register_adds_and_replaces() {
        let mut r = Registry::default();
        r.register(FrontendTool {
            name: "copy".into(),
            category: Category::Clipboard,
            description: None,
            requires_approval: false,
        })
        .unwrap();
        assert!(r.contains("copy"));
        r.register(FrontendTool {
            name: "copy".into(),
            category: Category::Other,
            description: None,
            requires_approval: false,
        })
        .unwrap();
        assert_eq!(r.get("copy").unwrap().category, Category::Other);
        assert_eq!(r.tools().len(), 4);
        assert!(r
            .register(FrontendTool {
                name: " ".into(),
                category: Category::Other,
                description: None,
                requires_approval: false
            })
            .is_err());
    }

    #[test]
    fn unknown_category_is_a_clear_error() {
        let err = Registry::parse_category("gps").unwrap_err();
        assert!(err.message().contains("'gps'") && err.message().contains("geolocation, camera"));
        assert_eq!(
            Registry::parse_category("clipboard"),
            Ok(Category::Clipboard)
        );
    }
}

/// The browser tools one chat knows: its own list, the module's registry, or both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatTools {
    /// Tools given to this chat, with whether each requires the user's approval.
    pub own: Vec<(String, bool)>,
    /// Whether the module's registry counts too.
    pub use_registry: bool,
}

impl ChatTools {
    /// Only the module's registry (no `frontendTools` given).
    pub fn registry_only() -> Self {
        ChatTools {
            own: Vec::new(),
            use_registry: true,
        }
    }

    pub fn is_frontend(&self, registry: &Registry, name: &str) -> bool {
        self.own.iter().any(|(n, _)| n == name) || (self.use_registry && registry.contains(name))
    }

    /// Unknown tools require approval: the safe answer for a tool that runs in the browser.
    pub fn requires_approval(&self, registry: &Registry, name: &str) -> bool {
        match self.own.iter().find(|(n, _)| n == name) {
            Some((_, requires)) => *requires,
            None => registry.get(name).is_none_or(|tool| tool.requires_approval),
        }
    }
}

#[cfg(test)]
mod chat_tools_tests {
    use super::*;

    #[test]
    fn own_tools_and_the_registry_combine() {
        let registry = Registry::default();
        let both = ChatTools {
            own: vec![("change_bgm".into(), false)],
            use_registry: true,
        };
        assert!(
            both.is_frontend(&registry, "change_bgm")
                && both.is_frontend(&registry, "get_location")
        );
        assert!(!both.requires_approval(&registry, "change_bgm"));
        assert!(both.requires_approval(&registry, "get_location"));
        let own_only = ChatTools {
            use_registry: false,
            ..both
        };
        assert!(!own_only.is_frontend(&registry, "get_location"));
        assert!(ChatTools::registry_only().is_frontend(&registry, "take_photo"));
    }
}
