// Package v1alpha1 holds the Pool kind at v1alpha1, a spoke: spec.size is v1beta1's
// spec.replicas, and v1beta1's spec.paused has no field here, so it is kept in the
// conversiondata annotation.
package v1alpha1

import (
	"encoding/json"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of this package's kinds.
var GroupVersion = schema.GroupVersion{Group: "takeover.crdconv.dev", Version: "v1alpha1"}

// PoolSpec is what a Pool asks for.
type PoolSpec struct {
	Size   int32              `json:"size,omitempty"`
	Image  string             `json:"image,omitempty"`
	Memory *resource.Quantity `json:"memory,omitempty"`
}

// PoolStatus is what the Pool's controller saw last.
type PoolStatus struct {
	ReadyReplicas int32  `json:"readyReplicas,omitempty"`
	Phase         string `json:"phase,omitempty"`
	Message       string `json:"message,omitempty"`
	// LastTransitionTime is written back in whole seconds, as every metav1.Time.
	LastTransitionTime *metav1.Time `json:"lastTransitionTime,omitempty"`
}

// Pool is the v1alpha1 version of the kind.
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   PoolSpec   `json:"spec,omitempty"`
	Status PoolStatus `json:"status,omitempty"`
}

// DeepCopyObject copies the Pool through its JSON form (no generated deep-copy code here).
func (in *Pool) DeepCopyObject() runtime.Object {
	out := &Pool{}
	data, err := json.Marshal(in)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		panic(err)
	}
	return out
}

// AddToScheme registers the kind of this version.
func AddToScheme(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion, &Pool{})
	metav1.AddToGroupVersion(scheme, GroupVersion)
	return nil
}
